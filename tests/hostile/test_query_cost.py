"""The typo search's shortcut never rules out a word within reach (issue 23, item 4: bounded query work)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from indexer.vocabulary import letter_mask, may_reach, osa_distance

WORDS = st.text(alphabet="abcdeilnorstuząęółśżźćń", min_size=1, max_size=12)


@settings(max_examples=3000, deadline=None)
@given(WORDS, WORDS, st.integers(min_value=1, max_value=2))
def test_may_reach_never_rules_out_a_word_within_reach(a: str, b: str, limit: int) -> None:
    if osa_distance(a, b, limit) <= limit:
        assert may_reach(letter_mask(a), letter_mask(b), limit)


def test_may_reach_rules_out_far_words() -> None:
    assert not may_reach(letter_mask("zzzzzzz"), letter_mask("evasive"), 2)
    assert may_reach(letter_mask("evasvie"), letter_mask("evasive"), 1)
