"""What engine/core.py relies on in pydantic beyond its public API, checked on the installed
version: each test fails naming what changed, so a pydantic upgrade outside the range pinned in
pyproject.toml is caught here rather than as games that change the state they were given."""

from typing import Annotated, Literal

import pydantic
import pydantic_core
from pydantic import BaseModel, Field, TypeAdapter
from pydantic_core import SchemaValidator

from engine.core import _copier, _union_members


class Inner(BaseModel):
    items: list[int] = []


class Outer(BaseModel):
    inner: Inner
    inners: dict[str, Inner] = {}


def test_schema_validator_still_takes_use_prebuilt():
    try:
        SchemaValidator({"type": "int"}, _use_prebuilt=False)
    except TypeError as error:
        raise AssertionError(
            f"pydantic-core {pydantic_core.__version__}: SchemaValidator no longer takes _use_prebuilt "
            f"({error}); engine/core.py _copier needs another way to rebuild nested models"
        ) from None


def test_nested_models_of_finished_classes_are_rebuilt():
    state = Outer(inner=Inner(items=[1]), inners={"a": Inner(items=[2])})
    copied = _copier(Outer).validate_python(state)
    assert copied == state
    assert copied is not state and copied.inner is not state.inner and copied.inners["a"] is not state.inners["a"], (
        f"pydantic {pydantic.VERSION}: SchemaValidator(..., _use_prebuilt=False) reused a finished model's own "
        "validator, so copy_state (engine/core.py _copier) shares nested models with the state it copies"
    )
    assert copied.inner.items is not state.inner.items


class Ask(BaseModel):
    kind: Literal["ask"] = "ask"


class Pass(BaseModel):
    kind: Literal["pass"] = "pass"


def test_a_type_adapter_still_keeps_its_type_as_underscore_type():
    adapter = TypeAdapter(Annotated[Ask | Pass, Field(discriminator="kind")])
    assert set(_union_members(adapter)) == {Ask, Pass}, (
        f"pydantic {pydantic.VERSION}: TypeAdapter._type is no longer the adapted type; "
        "engine/core.py _union_members (Game.action_types) needs another way to list a game's actions"
    )
