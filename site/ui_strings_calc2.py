"""The calculators' form field labels, from the gettext catalog (translations/pl/LC_MESSAGES/messages.po, msgctxt
"calc:field:<API name>": the English label and its Polish), and the page's wording of two API errors."""

from __future__ import annotations

from .catalog import messages

FIELD_CONTEXT = "calc:field:"


def _fields() -> tuple[dict[str, str], dict[str, str]]:
    english: dict[str, str] = {}
    polish: dict[str, str] = {}
    for context, table in messages().items():
        if context.startswith(FIELD_CONTEXT):
            [(label, label_pl)] = table.items()
            english[context[len(FIELD_CONTEXT):]] = label
            polish[context[len(FIELD_CONTEXT):]] = label_pl
    return english, polish


# A form field's API name -> its English label and its Polish one, for the field named in an error the page shows
# (the JSON APIs keep the API name; site/views/calc_common.page_error and static/js/calc/form.js put the label in
# its place).
LABELS, FIELDS = _fields()
# Error texts that name a second field, as the page says them (the same in form.js); their Polish is in the
# catalog (calc:targeting).
PAGE_TEXT: dict[str, str] = {
    "target must be another seat than attacker: you cannot Attack yourself.":
        "Seat you Attack must not be your own seat: you cannot Attack yourself.",
    "heroes is required: a whole number from 2 to 4.": "Heroes facing the Boss: choose 2, 3 or 4 Heroes.",
}
