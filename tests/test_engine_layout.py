"""The packaged engines keep the layout docs/engines.md describes, and its worked example runs."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from decklab.engine import native

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "engine"
GUIDE = ROOT / "docs" / "engines.md"
PACKAGES = [game for game in native.COMPILED if native.is_package(game)]
MODULES = [path for game in PACKAGES for path in sorted((ENGINE / game).glob("*.py"))]


@pytest.mark.parametrize("path", MODULES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_no_module_of_a_packaged_engine_is_over_800_lines_or_has_a_function_over_80(path):
    source = path.read_text(encoding="utf-8")
    assert len(source.splitlines()) <= 800
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            assert length <= 80, f"{node.name} is {length} lines"


@pytest.mark.parametrize("game", PACKAGES)
def test_policies_and_effect_handlers_use_the_state_only_through_its_public_view(game):
    """No attribute with a leading underscore is read on anything but ``self`` in a game's policy modules
    (``policies.py`` and any ``policy_*.py`` beside it) or in its effect handlers (``effects.py``)."""
    policies = sorted((ENGINE / game).glob("polic*.py"))
    assert policies, f"{game} has no policies module"
    paths = [*policies, ENGINE / game / "effects.py"]
    trees = [(path.name, ast.parse(path.read_text(encoding="utf-8"))) for path in paths]
    private = [f"{name} line {node.lineno}: {ast.unparse(node)}" for name, tree in trees for node in ast.walk(tree)
               if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
               and not (isinstance(node.value, ast.Name) and node.value.id == "self")]
    assert private == []


def code_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_the_worked_example_of_adding_an_effect_kind_runs_as_written():
    """The handler and the test of docs/engines.md, run as written against the 40K engine (and taken back out)."""
    from decklab.engine.wh40k import effects

    handler, test = code_blocks(GUIDE.read_text(encoding="utf-8"))
    assert "mill" not in effects.EFFECTS.kinds
    sys.path.insert(0, str(ROOT / "tests" / "engine"))
    try:
        import wh40k_helpers

        from decklab.engine.wh40k import Deploy

        exec(compile(f"from __future__ import annotations\n{handler}", str(GUIDE), "exec"),
             {**vars(effects), "__name__": "docs_example"})
        namespace = {**vars(wh40k_helpers), "Deploy": Deploy}
        exec(test, namespace)
        namespace["test_mill_discards_the_top_of_the_opponents_army_deck"]()
    finally:
        sys.path.remove(str(ROOT / "tests" / "engine"))
        effects.EFFECTS.kinds.pop("mill", None)
        effects.EFFECTS.handlers.pop("mill", None)


def test_every_engine_package_is_in_the_distribution():
    """A wheel carries only the packages ``pyproject.toml`` lists: each engine package must be one of them."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    on_disk = {"decklab.engine." + ".".join(path.parent.relative_to(ENGINE).parts)
               for path in ENGINE.glob("*/**/__init__.py") if "_native" not in path.parts}
    assert on_disk - listed == set()
