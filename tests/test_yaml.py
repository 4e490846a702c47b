"""YAML as a player writes it: one library (PyYAML's libyaml parser) reading plain scalars as YAML 1.2 does.

YAML 1.1 (PyYAML's own reading) turns ``name: No`` into False, ``al: 010`` into 8 and ``1:20`` into 80; decklab
reads them as a player means them: the text "No", ten, the text "1:20". Set files and YAML decklists are
checked through the real CLI; the scalar rules, tags, anchors and hostile documents through the library.
"""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import write
from decklab.catalog.errors import InputError
from decklab.catalog.inputs import MAX_ALIAS_VALUES, dump_yaml, load_yaml, yaml_scalar

WORDS_SET = """\
game: ward
set: {code: YML1, name: YAML Words}
cards:
  - name: No
    type: creature
    rarity: common
    creature_type: beast
    al: 010
    spd: 0o7
    hp: 40
    attack_name: on
    attack_dice: 2
    text: yes
  - name: Off
    type: creature
    rarity: common
    creature_type: beast
    al: 5
    spd: 3
    hp: 40
    attack_name: 1:20
    attack_dice: 2
  - name: y
    type: magic
    rarity: common
    magic_type: standard
    sub_type: none
"""


@pytest.fixture
def words(decklab, db_url, tmp_path):
    """The set above, imported through the CLI."""
    result = decklab("catalog", "import", write(tmp_path / "words.yaml", WORDS_SET))
    assert result.exit_code == 0, result.stderr
    return tmp_path


def shown(decklab, name: str) -> dict:
    result = decklab("catalog", "show", name, "--game", "ward", "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_yaml_11_words_and_numbers_in_a_set_file_read_as_a_player_means_them(decklab, words):
    no = shown(decklab, "No")
    assert (no["name"], no["text"], no["attack_name"]) == ("No", "yes", "on")
    assert (no["al"], no["spd"]) == (10, 7)  # 010 is ten (not octal 8); 0o7 is YAML 1.2's octal
    assert shown(decklab, "off")["attack_name"] == "1:20"  # not the base-60 number 80
    assert shown(decklab, "Y")["name"] == "y"


@pytest.mark.parametrize(("value", "got"), [
    ("true", "True"), (".inf", "inf"), ("1:20", "'1:20'"), ("yes", "'yes'"), ("1e2", "100.0"),
])
def test_a_value_that_is_no_whole_number_in_yaml_12_is_refused_with_its_line(decklab, db_url, tmp_path, value, got):
    path = write(tmp_path / "bad.yaml", WORDS_SET.replace("    hp: 40\n    attack_name: on", f"    hp: {value}\n    "
                                                                                             f"attack_name: on"))
    result = decklab("catalog", "import", path)
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"decklab: bad.yaml: line 10: card 1 'No': field 'hp' should be a whole number, "
                                     f"got {got}.")


def test_a_yaml_decklist_reads_names_and_quantities_as_a_player_means_them(decklab, words):
    deck = write(words / "no.yaml", "game: ward\nname: No\nformat: casual\nsections:\n  main:\n"
                                    "    - {name: no, quantity: 03}\n    - {name: OFF, quantity: 0o2}\n    - {name: Y, "
                                    "quantity: 1}\n")
    result = decklab("deck", "validate", deck, "--json")
    assert result.exit_code == 1, result.stderr  # 6 cards, not 30
    report = json.loads(result.stdout)
    assert report["deck"] == "No" and report["game"] == "ward"
    assert decklab("deck", "import", deck).exit_code == 0
    exported = json.loads(decklab("deck", "export", "No", "--format", "json").stdout)
    assert exported["name"] == "No"
    assert exported["sections"]["main"] == [{"name": "No", "quantity": 3}, {"name": "Off", "quantity": 2},
                                            {"name": "y", "quantity": 1}]


@pytest.mark.parametrize("command", [("catalog", "import"), ("deck", "validate")])
def test_broken_yaml_is_one_sentence_with_its_line_and_column(decklab, db_url, tmp_path, command):
    path = write(tmp_path / "broken.yaml", "game: ward\nset: {code: B1, name: Broken}\ncards:\n  - name: A\n"
                                           "     type: creature\n")
    result = decklab(*command, path)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip() == ("decklab: broken.yaml is not valid YAML at line 5, column 10: "
                                     "mapping values are not allowed in this context.")


# --- the library: scalars, tags, anchors ---------------------------------------------------------------------


@pytest.mark.parametrize(("text", "value"), [
    ("No", "No"), ("no", "no"), ("yes", "yes"), ("Yes", "Yes"), ("on", "on"), ("Off", "Off"), ("y", "y"), ("n", "n"),
    ("true", True), ("True", True), ("FALSE", False),
    ("010", 10), ("0o10", 8), ("0x1F", 31), ("-7", -7), ("+12", 12), ("0", 0),
    ("1:20", "1:20"), ("1_000", "1_000"), ("0b101", "0b101"), ("2024-05-01", "2024-05-01"), ("=", "="),
    ("1e3", 1000.0), ("1.5", 1.5), (".5", 0.5), ("1.", 1.0), ("-1.5e-3", -0.0015),
    (".inf", math.inf), ("-.inf", -math.inf), ("+.INF", math.inf),
    ("~", None), ("null", None), ("NULL", None), ("Grizzly Bear", "Grizzly Bear"),
])
def test_plain_scalars_follow_yaml_12_core_schema(text, value):
    assert yaml_scalar(text) == value and type(yaml_scalar(text)) is type(value)
    assert load_yaml(f"key: {text}\n", "t.yaml") == {"key": value}


def test_nan_quoted_text_and_tags():
    assert math.isnan(load_yaml("a: .nan\n", "t.yaml")["a"])
    assert load_yaml("a: '010'\nb: \"yes\"\nc: !!str 1e3\nd: !!int '7'\ne: !!float 2\nf: ! 12\n", "t.yaml") == {
        "a": "010", "b": "yes", "c": "1e3", "d": 7, "e": 2.0, "f": "12"}


def test_anchors_aliases_and_merge_keys():
    text = ("base: &base {type: creature, hp: 40}\nbear: {<<: *base, name: Bear, hp: 50}\n"
            "both: {<<: [*base, {rarity: rare}], name: B}\nlist: [&x one, *x]\n'<<': quoted\n")
    assert load_yaml(text, "t.yaml") == {
        "base": {"type": "creature", "hp": 40}, "bear": {"type": "creature", "hp": 50, "name": "Bear"},
        "both": {"type": "creature", "hp": 40, "rarity": "rare", "name": "B"}, "list": ["one", "one"], "<<": "quoted"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "a: [1, 2\n",
            (
                "t.yaml is not valid YAML at line 2, column 1: did not find expected ',' or ']' "
                "(while parsing a flow sequence)."
            ),
        ),
        (
            "a: &x [1, *x]\n",
            (
                "t.yaml is not valid YAML at line 1, column 11: the alias *x is inside the list or mapping "
                "it names, so it would repeat without end."
            ),
        ),
        ("a: *nope\n", "t.yaml is not valid YAML at line 1, column 4: found undefined alias *nope."),
        (
            "a: !!python/object:os.system x\n",
            (
                "t.yaml is not valid YAML at line 1, column 4: the tag "
                "tag:yaml.org,2002:python/object:os.system is not one decklab reads."
            ),
        ),
        (
            "a: !!int x\n",
            "t.yaml is not valid YAML at line 1, column 4: 'x' is tagged !!int but is not a whole number.",
        ),
        (
            "? [1]\n: 2\n",
            (
                "t.yaml is not valid YAML at line 1, column 5: a mapping's key is a list or mapping; keys are "
                "texts or numbers."
            ),
        ),
        (
            "a: 1\n---\nb: 2\n",
            "t.yaml holds more than one document (a second '---'); a file holds one (line 2, column 1).",
        ),
        (
            "<<: 3\n",
            "t.yaml is not valid YAML at line 1, column 5: a merge key '<<' takes a mapping or a list of mappings.",
        ),
        (
            "a: \x07\n",
            (
                "t.yaml cannot be read at line 1: character U+0007 is not allowed in YAML (control characters "
                "must be written as escapes in double quotes)."
            ),
        ),
        (
            "a: " + "9" * 5000 + "\n",
            ("t.yaml holds a number of more than 4,300 digits, which no card or deck has (line 1, column 4)."),
        ),
    ],
)
def test_bad_yaml_is_one_sentence_with_its_place(text, message):
    with pytest.raises(InputError) as caught:
        load_yaml(text, "t.yaml")
    assert str(caught.value) == message


def test_aliases_cannot_expand_without_bound_nor_nesting_past_libyaml():
    laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 10)}]\n" for i in range(9))
    with pytest.raises(InputError, match=f"has aliases that repeat more than {MAX_ALIAS_VALUES:,} values"):
        load_yaml(laughs, "t.yaml")
    assert len(load_yaml(laughs.split("f:")[0], "t.yaml")["e"]) == 10  # 10^5 values once expanded: fine
    with pytest.raises(InputError, match=r"cannot be read at line 1, column 1001: .*maximum nesting depth"):
        load_yaml("[" * 5000 + "]" * 5000, "t.yaml")


def test_empty_and_single_scalar_documents():
    assert load_yaml("", "t.yaml") is None
    assert load_yaml("# only a comment\n", "t.yaml") is None
    assert load_yaml("---\n- 1\n- [2, {a: b}]\n...\n", "t.yaml") == [1, [2, {"a": "b"}]]


texts = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12) | st.sampled_from(
    [
        "No",
        "yes",
        "on",
        "010",
        "0o10",
        "0x1F",
        "1e3",
        "1:20",
        "1_000",
        ".5",
        "1.",
        ".inf",
        "null",
        "~",
        "",
        "<<",
        "true",
    ]
)
scalars = (
    texts | st.integers(-(10**6), 10**6) | st.floats(allow_nan=False, allow_infinity=False) | st.booleans() | st.none()
)
documents = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
                         max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(documents)
def test_what_dump_yaml_writes_load_yaml_reads_back_the_same(document):
    assert load_yaml(dump_yaml(document), "t.yaml") == document
