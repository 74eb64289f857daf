"""The OpenAPI 3.1 document of the JSON API (/api/search and /api/calc/*), declared as data."""

from __future__ import annotations

from typing import Any

from calculators import damage, dungeon_dice, loot, odds_input, scoring, targeting
from calculators.validation import MAX_NUMBER

ERROR = {"$ref": "#/components/schemas/Error"}
WHOLE = {"type": "integer", "minimum": 0, "maximum": MAX_NUMBER}


def _optional_may_be_null(schema: dict[str, Any]) -> dict[str, Any]:
    """In request bodies an optional field sent as null means "not given": say so in the schema."""
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return {**schema, key: [_optional_may_be_null(s) for s in schema[key]]}
    if schema.get("type") == "array" and "items" in schema:
        return {**schema, "items": _optional_may_be_null(schema["items"])}
    if schema.get("type") != "object" or "properties" not in schema:
        return schema
    required = set(schema.get("required", []))
    props = {k: _optional_may_be_null(s) if k in required else {"anyOf": [_optional_may_be_null(s), {"type": "null"}]}
             for k, s in schema["properties"].items()}
    return {**schema, "properties": props}


# A JSON body is read as a form is (calculators/validation.py): a whole number may also come as its
# digits ("8"), a yes/no as a form's word ("1", "on"), and "" means "not given".
FORM_DIGITS = {"type": "string", "pattern": r"^(\s*[0-9]{1,6}\s*)?$"}
FORM_WORDS = {"enum": ["", "true", "false", "1", "0", "on", "off", "yes", "no"]}
_META = ("description", "default")


def _as_forms_send(schema: dict[str, Any]) -> dict[str, Any]:
    """Every integer and boolean in a request body schema, widened to the text a form sends for it."""
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return {**schema, key: [_as_forms_send(s) for s in schema[key]]}
    kind = schema.get("type")
    if kind in ("integer", "boolean"):
        value = {k: v for k, v in schema.items() if k not in _META}
        meta = {k: v for k, v in schema.items() if k in _META}
        return {"anyOf": [value, FORM_DIGITS if kind == "integer" else FORM_WORDS], **meta}
    if kind == "array" and "items" in schema:
        return {**schema, "items": _as_forms_send(schema["items"])}
    if kind == "object" and "properties" in schema:
        return {**schema, "properties": {k: _as_forms_send(v) for k, v in schema["properties"].items()}}
    return schema


def _json_body(schema: dict[str, Any], forms: bool = True) -> dict[str, Any]:
    """A request body; `forms`: the API also reads it as a form sends it (digits for numbers)."""
    body = _optional_may_be_null(_as_forms_send(schema) if forms else schema)
    return {"required": True, "content": {"application/json": {"schema": body}}}


def _ok(schema: dict[str, Any], description: str = "The result") -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _errors(extra: str = "") -> dict[str, Any]:
    return {
        "400": _ok(ERROR, "Bad input; `error.field` names the field at fault" + extra),
        "503": _ok(ERROR, "The build lacks the data file the calculator reads (`error.field` names it)"),
    }


def _query(name: str, schema: dict[str, Any], description: str, required: bool = False) -> dict[str, Any]:
    param = {"name": name, "in": "query", "required": required, "schema": schema, "description": description}
    if not required:
        param["allowEmptyValue"] = True  # an empty field from the no-JavaScript form means "not given"
    return param


def _obj(props: dict[str, Any], required: list[str] | None = None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": props}
    if required:
        schema["required"] = required
    return schema


STR = {"type": "string"}
INT = {"type": "integer"}
BOOL = {"type": "boolean"}
RULES = {"type": "array", "items": STR, "description": "URLs of the rule entries that justify this line"}

SEARCH = {
    "get": {
        "summary": "Search the rules",
        "parameters": [
            _query("q", {"type": "string", "maxLength": 200}, "What to look for", True),
            _query("game", {"enum": ["dice-throne", "adventures", "dungeon-dice"]}, "Only this game"),
            _query("kind", STR, "Only this kind of entry (rule, faq, status-effect, ...)"),
            _query("lang", {"enum": ["en", "pl"]}, "Only this language"),
            _query("limit", {"type": "integer", "minimum": 1, "maximum": 50, "default": 10}, "How many results"),
        ],
        "responses": {
            "200": _ok(_obj({
                "query": STR, "total": INT, "suggestion": {"type": ["string", "null"]},
                "results": {"type": "array", "items": _obj(
                    {**{k: STR for k in ("id", "title", "url", "game", "kind", "lang", "snippet")},
                     "section": {"type": ["string", "null"],
                                 "description": "Heading of the section the match sits in (the url ends #anchor)"},
                     "answer": {"type": ["string", "null"],
                                "description": "A ruling's (FAQ's) answer in its first words, cut at a word with …"},
                     "also": {"type": "array", "items": _obj({k: STR for k in ("id", "title", "url")}),
                              "description": "Per-hero copies of this ruling, folded under it"}})},
            })),
            "400": _ok(ERROR, "Bad parameter; `error.field` names it"),
        },
    }
}

MODIFIER = {
    "oneOf": [
        _obj({
            "op": {"enum": list(damage.OPS)},
            "amount": {**WHOLE, "description": "add / subtract"},
            "fraction": {"type": "string", "pattern": r"^\d+/\d+$", "description": "a/b with 0 < a <= b"},
            "factor": {"type": "string", "description": "multiply: a whole number or a/b, from 1 to 99"},
            "defense": {**BOOL, "description": "it comes from the Defensive Ability (ignored if not defendable)"},
            "label": {"type": "string", "maxLength": 80},
        }, ["op"]),
        _obj({
            "effect": {"type": "string", "description": "id of a status effect with a numeric preset in the data"},
            "tokens": {"type": "integer", "minimum": 1, "maximum": damage.MAX_TOKENS, "default": 1},
            "option": {"type": "string", "description": "which alternative, for effects with several"},
            "label": {"type": "string", "maxLength": 80},
        }, ["effect"]),
    ]
}
DIAL = _obj({"before": INT, "damage": INT, "heal": INT, "after": INT})
DAMAGE = {
    "post": {
        "summary": "Final damage total: the three-step method with damage-type rules",
        "requestBody": _json_body(_obj({
            "damage": WHOLE,
            "type": {"enum": ["normal", "undefendable", "pure", "collateral", "ultimate"], "default": "normal"},
            "modifiers": {"type": "array", "maxItems": damage.MAX_MODIFIERS, "items": MODIFIER},
            "dials": _obj({"starting": {**WHOLE, "default": 50}, "defender": WHOLE, "attacker": WHOLE,
                           "targets": {"type": "integer", "minimum": 1, "maximum": 6, "default": 1},
                           "defender_heal": WHOLE, "attacker_heal": WHOLE, "attacker_damage": WHOLE}),
        }, ["damage"])),
        "responses": {
            "200": _ok(_obj({
                "damage": INT, "type": STR, "subtotal": INT, "final": INT, "reflected": INT,
                "steps": {"type": "array", "items": _obj({"step": {"enum": [1, 2, 3]}, "label": STR, "op": STR,
                                                          "amount": INT, "total": INT, "rules": RULES})},
                "ignored": {"type": "array", "items": _obj({"label": STR, "op": STR, "code": STR, "reason": STR,
                                                            "rules": RULES})},
                "dials": _obj({"cap": INT, "defender": DIAL, "attacker": DIAL,
                               "outcome": {"enum": ["both-standing", "defender-defeated", "attacker-defeated",
                                                    "draw"]},
                               "notes": {"type": "array", "items": _obj({"text": STR, "rules": RULES})}}),
            })),
            **_errors(),
        },
    }
}

EXPLANATION = {"type": "array", "items": _obj({"text": STR, "rules": RULES}),
               "description": "Why: each line with the rule entries behind it"}
TARGETS = list(targeting.TARGET_TEXT)
TARGETING = {
    "get": {
        "summary": "Targeting roll: who an Attack hits",
        "parameters": [
            _query("mode", {"enum": list(targeting.MODES)}, "Game mode", True),
            _query("roll", {"type": "integer", "minimum": 1, "maximum": targeting.DIE_SIDES},
                   "The die (the Boss's Chaos die in boss-vs-many); omitted: the server rolls and reports it"),
            _query("heroes", {"type": "integer", "minimum": 2, "maximum": 4}, "Heroes facing the Boss (boss-vs-many)"),
            _query("ultimate", BOOL, "The Attack is an Ultimate Ability (explains who may change the die)"),
            _query("health", STR, "koth: each player's Health in seat order, comma-separated (3 to 6 players)"),
            _query("attacker", {"type": "integer", "minimum": 1}, "koth: the attacker's seat (1-based)"),
            _query("target", {"type": "integer", "minimum": 1}, "koth: the seat attacked (1-based)"),
        ],
        "responses": {
            "200": _ok(_obj({
                "mode": STR, "roll": {"type": ["integer", "null"]}, "target": {"enum": TARGETS},
                "explanation": EXPLANATION, "rolled_by_server": BOOL,
                "leaders": {"type": "array", "items": INT, "description": "koth with health: the Leaders' seats"},
                "bonus_card": {**BOOL, "description": "koth with health: the attacker draws a bonus card"},
            }, ["mode", "roll", "target", "explanation"])),
            **_errors(),
        },
    }
}

LOOT = {
    "get": {
        "summary": "Loot: King's Hand's Loot die, Dungeon Dice reward bags, the Adventures Loot walkthrough",
        "parameters": [
            _query("table", {"enum": list(loot.TABLES)}, "Which table", True),
            _query("roll", {"type": "integer", "minimum": 1, "maximum": loot.LOOT_DIE},
                   "The Loot die (d20); for kings-hand, omitted: the server rolls and reports it"),
            _query("reward", {"enum": ["potion", "treasure-chest", "locked-chest"]}, "dungeon-dice: the reward symbol"),
            _query("key", BOOL, "dungeon-dice: the player has a key (locked chests)"),
            _query("side", {"enum": list(loot.SIDES), "default": "loot-chest"}, "adventures: which loot"),
        ],
        "responses": {
            "200": _ok({"oneOf": [
                _obj({"table": {"const": "kings-hand"}, "roll": INT,
                      "outcome": {"enum": list(loot.OUTCOME_NAMES)},
                      "amount": {"type": "null", "description": "no source gives the CP amount: read the Boss leaflet"},
                      "explanation": EXPLANATION, "rolled_by_server": BOOL}),
                _obj({"table": {"const": "dungeon-dice"}, "reward": STR, "key": BOOL,
                      "bag": {"enum": ["one-use", "equipment", "artifact"]}, "draw": INT, "explanation": EXPLANATION}),
                _obj({"table": {"const": "adventures"}, "side": STR, "roll": {"type": ["integer", "null"]},
                      "outcome": {"type": "null", "description": "the per-roll rows are in no source"},
                      "reward_types": {"type": "array", "items": STR}, "explanation": EXPLANATION}),
            ]}),
            **_errors(),
        },
    }
}

SCORE = {
    "post": {
        "summary": "Dice Throne Adventures: a session's score and the next session's Starting Salves",
        "requestBody": _json_body(_obj({
            "mode": {"enum": list(scoring.MODES)}, "result": {"enum": list(scoring.RESULTS)},
            "starting_salves": {**WHOLE, "description": "required for a loss"},
            "remaining_salves": {**WHOLE, "description": "required for a win"},
            "unspent_gold": {**WHOLE, "description": "win, Portal Crawl: 1 point per 5"},
            "explored_all": {**BOOL, "description": "win, Portal Crawl: 5 points"},
            "unclaimed_boss_loot": {**WHOLE, "description": "win, Boss Battle: 1 point each"},
            "scenario_score": {**WHOLE, "description": "win: the Difficulty card's Scenario Score"},
            "scenario": {"type": "integer", "minimum": 1, "maximum": MAX_NUMBER, "description": "Scenario # (line A)"},
        }, ["mode", "result"])),
        "responses": {
            "200": _ok(_obj({
                "scenario": {"type": ["integer", "null"]}, "session_score": INT, "next_starting_salves": INT,
                "breakdown": {"type": "array", "items": _obj({"line": STR, "label": STR, "points": INT,
                                                              "rules": RULES})},
                "notes": EXPLANATION,
            }, ["session_score", "next_starting_salves", "breakdown"])),
            **_errors(),
        },
    }
}

FAME = {
    "post": {
        "summary": "Dungeon Dice: Fame, Hero Level dice, and whether you have won",
        "requestBody": _json_body(_obj({
            "experience": WHOLE, "artifacts": WHOLE,
            "trophies": _obj({colour: WHOLE for colour in dungeon_dice.TROPHIES}),
            "wounds": {**WHOLE, "description": "optional: Hero Level dice set aside"},
        })),
        "responses": {
            "200": _ok(_obj({
                "fame": INT, "level_dice": {"enum": [1, 2, 3]}, "dice_to_roll": INT, "winner": BOOL,
                "breakdown": {"type": "array", "items": _obj({"id": STR, "label": STR, "count": INT, "fame": INT,
                                                              "rules": RULES})},
                "notes": EXPLANATION,
            }, ["fame", "level_dice", "winner", "breakdown"])),
            **_errors(),
        },
    }
}
DD_COMBAT = {
    "post": {
        "summary": "Dungeon Dice: the outcome of a combat (a tie is a win with a wound)",
        "requestBody": _json_body(_obj({"hero_total": WHOLE, "monster_total": WHOLE}, ["hero_total", "monster_total"])),
        "responses": {
            "200": _ok(_obj({
                "result": {"enum": list(dungeon_dice.COMBAT_RESULTS.values())}, "heroes_win": BOOL, "wound": BOOL,
                "experience": {"enum": [0, 1]}, "reward": BOOL, "notes": EXPLANATION,
            }, ["result", "heroes_win", "wound", "experience"])),
            **_errors(),
        },
    }
}


def _odds_target() -> dict[str, Any]:
    o = odds_input
    count = {"type": "integer", "minimum": 1, "maximum": o.MAX_DICE}
    return {"oneOf": [
        _obj({"symbols": {"type": "object", "minProperties": 1, "additionalProperties": count,
                          "description": "at least this many dice showing each symbol (a symbol of `faces`)"}},
             ["symbols"]),
        _obj({"straight": {"type": "integer", "minimum": o.MIN_STRAIGHT, "maximum": o.MAX_STRAIGHT,
                           "description": "that many numbers in a row (4: Small Straight, 5: Large); at most `dice`"}},
             ["straight"]),
        _obj({"of_a_kind": {"type": "integer", "minimum": 2, "maximum": o.MAX_DICE,
                            "description": "that many dice showing one number; at most `dice`"}}, ["of_a_kind"]),
    ]}


def _odds() -> dict[str, Any]:
    o = odds_input
    number = {"type": "number"}
    chance = _obj({"probability": number, "fraction": {**STR, "description": "exact, reduced: p/q"}})
    keep = {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": o.FACES}}
    advice = _obj({"keep": keep, "probability": number, "fraction": STR, "expected_damage": number,
                   "expected_damage_fraction": STR, "chances": {"type": "array", "items": number}},
                  ["keep", "probability", "fraction"])
    face_keys = {"type": "string", "pattern": "^[1-6]$"}
    return {"post": {
        "summary": "Dice odds: the exact chance of a roll with optimal keeps, keep advice, expected damage",
        "requestBody": _json_body(_obj({
            "dice": {"type": "integer", "minimum": o.MIN_DICE, "maximum": o.MAX_DICE, "default": o.DEFAULT_DICE},
            "rolls": {"type": "integer", "minimum": o.MIN_ROLLS, "maximum": o.MAX_ROLLS,
                      "default": o.DEFAULT_ROLLS, "description": "roll attempts in all"},
            "faces": {"type": "object", "propertyNames": face_keys,
                      "additionalProperties": {"type": "string", "minLength": 1, "maxLength": o.MAX_SYMBOL_LENGTH,
                                               "pattern": r"\S"},
                      "description": "face (1-6) -> symbol; a face not given shows its number"},
            "target": _odds_target(),
            "abilities": {"type": "array", "minItems": 1, "maxItems": o.MAX_ABILITIES, "items": _obj({
                "name": {"type": "string", "minLength": 1, "maxLength": o.MAX_NAME_LENGTH, "pattern": r"\S"},
                "target": _odds_target(),
                "damage": {"type": "integer", "minimum": 0, "maximum": o.MAX_DAMAGE}}, ["target", "damage"]),
                "description": "instead of target: the abilities and their damage (one is activated)"},
            "roll": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": o.FACES},
                     "description": "the dice showing now (as many as `dice`)"},
            "rolls_left": {"type": "integer", "minimum": 0, "maximum": o.MAX_ROLLS - 1,
                           "description": "roll attempts left after `roll` (less than `rolls`)"},
        }), forms=False),
        "responses": {
            "200": _ok({**chance, "properties": {
                **chance["properties"], "dice": INT, "rolls": INT, "faces": {"type": "object"},
                "target": {"type": ["object", "null"]}, "explanation": STR, "rules": RULES,
                "roll": keep, "rolls_left": INT, "advice": {"type": "array", "items": advice},
                "expected_damage": number, "expected_damage_fraction": STR,
                "abilities": {"type": "array", "items": _obj({
                    "name": STR, "target": {"type": "object"}, "damage": INT, "probability": number,
                    "fraction": STR})},
            }, "required": ["probability", "fraction", "dice", "rolls", "target", "explanation"]}),
            **_errors(),
        },
    }}


PATHS: dict[str, Any] = {
    "/api/search": SEARCH,
    "/api/calc/damage": DAMAGE,
    "/api/calc/targeting": TARGETING,
    "/api/calc/loot": LOOT,
    "/api/calc/score": SCORE,
    "/api/calc/fame": FAME,
    "/api/calc/dd-combat": DD_COMBAT,
    "/api/calc/odds": _odds(),
}


def openapi_document() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {"title": "Throne Rules API", "version": "1.0.0",
                 "description": "Search the rules reference, and the calculators built on its rules engine. "
                                "Every 400 names the field at fault."},
        "paths": PATHS,
        "components": {"schemas": {"Error": _obj({"error": _obj({"code": STR, "message": STR, "field": STR},
                                                                ["code", "message"])}, ["error"])}},
    }
