"""How much an answer depends on the AI, from the shell: `sim sensitivity`, `gauntlet`/`matrix --sensitivity`,
and the search policy's budget in result documents."""

from __future__ import annotations

import json

from decklab.catalog.sample_decks import sample_deck_paths

SAMPLES = {path.name: path for path in sample_deck_paths()}
ORKS, NECRONS = SAMPLES["wh40k-1.deck"], SAMPLES["wh40k-2.deck"]


def test_sensitivity_plays_every_pairing_and_gives_the_spread(decklab, db_url):
    result = decklab("sim", "sensitivity", ORKS, NECRONS, "-n", "12", "--budget", "8", "--json")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    rows = document["pairings"]
    assert [row["policies"] for row in rows] == [["greedy", "greedy"], ["greedy", "search"], ["search", "greedy"],
                                                 ["search", "search"]]
    assert all(row["games"] == 12 and row["rules"] == {} for row in rows)
    same = [row["win_rate"] for row in rows if row["policies"][0] == row["policies"][1]]
    assert document["spread"] == round(max(same) - min(same), 4)
    every = [row["win_rate"] for row in rows]
    assert document["spread_all"] == round(max(every) - min(every), 4)
    assert document["search_budget"] == 8 and document["rules"]["wh40k.first-draw"] == "second-turn"
    assert isinstance(document["policy_dependent"], bool)


def test_sensitivity_varies_a_reading_and_prints_a_table(decklab, db_url):
    result = decklab("sim", "sensitivity", ORKS, NECRONS, "-n", "6", "--policies", "greedy,random",
                     "--vary-rule", "wh40k.first-draw", "--json")
    assert result.exit_code == 0, result.stderr
    rows = json.loads(result.stdout)["pairings"]
    assert len(rows) == 8 and "search_budget" not in json.loads(result.stdout)
    assert [row["rules"] for row in rows[4:]] == [{"wh40k.first-draw": "second-battle-turn"}] * 4
    table = decklab("sim", "sensitivity", ORKS, NECRONS, "-n", "6", "--policies", "greedy,random")
    assert table.exit_code == 0 and "Spread:" in table.stdout and "greedy" in table.stdout


def test_sensitivity_refuses_bad_input_in_one_sentence(decklab, db_url):
    for args, expected in (((ORKS,), "a sensitivity report compares two decks, not 1."),
                           ((ORKS, NECRONS, "--policies", ","), "--policies names no policy"),
                           ((ORKS, NECRONS, "--policies", "greedy,clever"), "'clever' is not a policy"),
                           ((ORKS, NECRONS, "--budget", "0"), "--budget must be from 1 to 100,000")):
        result = decklab("sim", "sensitivity", *args, "-n", "4")
        assert result.exit_code == 2, (args, result.output)
        assert expected in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_gauntlet_and_matrix_show_greedy_and_search_side_by_side(decklab, db_url):
    result = decklab("sim", "gauntlet", ORKS, NECRONS, ORKS, "-n", "8", "--budget", "8", "--sensitivity", "--json")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["mode"] == "gauntlet-sensitivity" and document["policies"] == ["greedy", "search"]
    assert [row["deck"] for row in document["rows"]] == ["Undying Dynasty", "Endless Ork Horde"]
    for index, row in enumerate(document["rows"]):
        for policy in ("greedy", "search"):
            assert row["win_rates"][policy] == document["runs"][policy]["opponents"][index]["win_rate"]
    assert document["runs"]["search"]["search_budget"] == 8
    result = decklab("sim", "matrix", ORKS, NECRONS, "-n", "8", "--budget", "8", "--sensitivity")
    assert result.exit_code == 0, result.stderr
    assert "greedy" in result.stdout and "search" in result.stdout and "Spread" in result.stdout


def test_a_search_match_records_its_budget(decklab, db_url):
    result = decklab("sim", "match", ORKS, NECRONS, "-n", "4", "--policy-a", "search", "--json")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["search_budget"] == 64
    assert [player["policy"] for player in document["players"]] == ["search", "greedy"]
    greedy = json.loads(decklab("sim", "match", ORKS, NECRONS, "-n", "4", "--json").stdout)
    assert "search_budget" not in greedy
