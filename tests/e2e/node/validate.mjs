// Validates recorded Discord API requests against Discord's OpenAPI description.
//
// stdin:  [{method, path, body, where}, ...]   path is the OpenAPI template, e.g. "/channels/{channel_id}/messages"
// stdout: {checked, unchecked: ["METHOD path", ...], failures: [{method, path, where, problems: [...]}]}
//
// The request body type of each route is read from the package's generated TypeScript (the `Paths`
// table, e.g. `requestBody?: MessageCreateRequest;`), and validated with the matching Zod schema
// (`MessageCreateRequestSchema`). A route missing from the description is a failure too.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as z from "zod/mini";

z.config(z.locales.en());

// The description types snowflakes as strings of digits; discord.py sends most of them as JSON
// numbers (recipient_id, attachment ids, allowed_mentions users), which Discord accepts. So the
// schemas are loaded from a copy whose SnowflakeTypeSchema also takes non-negative integers.
// STRICT=1 in the environment also rejects fields the description does not list.
async function loadSchemas() {
  let source = readFileSync(fileURLToPath(import.meta.resolve("discord-api-spec/zod")), "utf8");
  const marker = "export const SnowflakeTypeSchema = ";
  if (!source.includes(marker) || !source.includes('from "zod/mini"')) {
    throw new Error("discord-api-spec changed its layout: update tests/e2e/node/validate.mjs");
  }
  source = source.replace('from "zod/mini"', `from ${JSON.stringify(import.meta.resolve("zod/mini"))}`);
  source = source.replace(marker, "const SnowflakeTypeString = ");
  source += "\nexport const SnowflakeTypeSchema = z.union([SnowflakeTypeString, " +
    "z.number().check(z.refine((n) => Number.isInteger(n) && n >= 0))]);\n";
  if (process.env.STRICT === "1") source = source.replace("let zObject = z.object;", "let zObject = z.strictObject;");
  const folder = mkdtempSync(join(tmpdir(), "discord-api-spec-"));
  try {
    const copy = join(folder, "schemas.mjs");
    writeFileSync(copy, source);
    return await import(pathToFileURL(copy).href);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const schemas = await loadSchemas();

const typesFile = fileURLToPath(import.meta.resolve("discord-api-spec")).replace(/\.js$/, ".ts");
const types = readFileSync(typesFile, "utf8");

// The text of `requestBody?: ...;` for one route, or null when the route is not described.
function requestBodyType(method, path) {
  const start = types.indexOf(`\n  "${path}": {\n`);
  if (start < 0) return null;
  const end = types.indexOf('\n  "/', start + 1);
  const block = types.slice(start, end < 0 ? undefined : end);
  const op = block.indexOf(`\n    ${method.toLowerCase()}: {\n`);
  if (op < 0) return null;
  const at = block.indexOf("requestBody?:", op) + "requestBody?:".length;
  let depth = 0;
  for (let i = at; i < block.length; i++) {
    const c = block[i];
    if ("{([".includes(c)) depth++;
    else if ("})]".includes(c)) depth--;
    else if (c === ";" && depth === 0) return block.slice(at, i).trim();
  }
  throw new Error(`cannot read the request body of ${method} ${path}`);
}

function splitTop(text, separator) {
  const parts = [];
  let depth = 0, last = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if ("{([".includes(c)) depth++;
    else if ("})]".includes(c)) depth--;
    else if (c === separator && depth === 0) { parts.push(text.slice(last, i)); last = i + 1; }
  }
  parts.push(text.slice(last));
  return parts.map((p) => p.trim()).filter(Boolean);
}

// A Zod schema for a TypeScript type expression made of named types, arrays, null and unions.
// Inline object types (a few small routes) are left unchecked: returns null.
function schemaFor(type) {
  const options = splitTop(type, "|");
  if (options.length > 1) {
    const parts = options.map(schemaFor);
    return parts.includes(null) ? null : z.union(parts);
  }
  if (type === "null") return z.null();
  if (type === "undefined") return z.undefined();
  if (type.endsWith("[]")) {
    let inner = type.slice(0, -2).trim();
    if (inner.startsWith("(") && inner.endsWith(")")) inner = inner.slice(1, -1);
    const item = schemaFor(inner);
    return item === null ? null : z.array(item);
  }
  const named = schemas[`${type}Schema`];
  return named ?? null;
}

// Readable problems; for a union, the branch that got furthest explains the failure best.
function describe(issues, prefix = []) {
  const out = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === "invalid_union" && issue.errors?.length) {
      const depth = (branch) => Math.max(...branch.map((i) => i.path.length + (i.code === "invalid_union" ? 1 : 0)));
      const best = [...issue.errors].sort((a, b) => depth(b) - depth(a) || a.length - b.length)[0];
      out.push(...describe(best, path));
    } else {
      out.push(`${path.join(".") || "(body)"}: ${issue.message}`);
    }
  }
  return out;
}

const batch = JSON.parse(readFileSync(0, "utf8"));
const failures = [];
const unchecked = new Set();
for (const { method, path, body, where } of batch) {
  const type = requestBodyType(method, path);
  if (type === null) {
    failures.push({ method, path, where, problems: ["this route is not in Discord's OpenAPI description"] });
    continue;
  }
  if (body === null || type === "undefined") {
    if (body !== null) failures.push({ method, path, where, problems: ["this route takes no request body"] });
    continue;
  }
  const schema = schemaFor(type);
  if (schema === null) { // an inline type the generator did not name: nothing to validate against
    unchecked.add(`${method} ${path}`);
    continue;
  }
  const result = schema.safeParse(body);
  if (!result.success) failures.push({ method, path, where, problems: describe(result.error.issues) });
}
process.stdout.write(JSON.stringify({ checked: batch.length, unchecked: [...unchecked], failures }));
