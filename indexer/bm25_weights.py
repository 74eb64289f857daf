"""BM25 weights of every (field, term) of the index, as both engines compute them, and the vocabulary.

Split out of indexer/search_backend.py: the fields and their boosts, the BM25 constants the
offline client shares, and the weights the build stores beside the index.
"""

from __future__ import annotations

import marshal
import math
from pathlib import Path
from typing import Any

from .ranking import Vocabulary

# Field -> boost. Titles and aliases outrank headings, headings outrank body text. `tags` are an entry's
# tags as words (FAQ heroes and topics); `describes` the plain words players use for what it does.
EN_FIELDS = {"title": 6.0, "aliases": 4.0, "describes": 6.0, "tags": 2.0, "headings": 2.0, "body": 1.0}
PL_FIELDS = {"title_pl": 6.0, "aliases_pl": 4.0, "describes_pl": 6.0, "body_pl": 1.0}
# BM25 as the offline client's MiniSearch computes it (k1 1.2, b 0.75, no BM25+ delta, its idf), so
# both sides score alike; field boosts multiply term frequency (Whoosh's field_boost; the client
# repeats a term that many times), so they must be whole numbers.
BM25_K1, BM25_B = 1.2, 0.75


def vocabulary_of(impacts: dict[tuple[str, str], dict[int, float]], docs: list[dict[str, Any]]) -> Vocabulary:
    """The plain (unstemmed, folded) words of the index, their document frequency and languages:
    the `fuzzy` field's terms and the documents that have them."""
    df: dict[str, int] = {}
    langs: dict[str, set[str]] = {}
    for (field, word), postings in impacts.items():
        if field == "fuzzy":
            df[word] = len(postings)
            langs[word] = {docs[d]["lang"] for d in postings}
    return Vocabulary(df, langs)


SCORED_FIELDS = (*EN_FIELDS, *PL_FIELDS, "fuzzy")
# read_impacts() of the index, computed when the index is written (0.25 s) and read back in 0.01 s.
WEIGHTS_FILE = "bm25-weights.marshal"


def read_impacts(ix: Any) -> dict[tuple[str, str], dict[int, float]]:
    """(field, term) -> {docnum: BM25 weight}, for every term of every searched field.

    Whoosh's bm25() with the idf the offline client uses, ln(1 + (N - n + 0.5) / (n + 0.5)), and exact
    field lengths, computed from the raw postings: about 84,000 postings, a quarter of a second. The build
    stores them beside the index (WEIGHTS_FILE), a release loads them whole, and no query ever waits on
    a first read of a term from disk.
    """
    impacts: dict[tuple[str, str], dict[int, float]] = {}
    with ix.searcher() as searcher:
        reader = searcher.reader()
        total = reader.doc_count_all()
        for field in SCORED_FIELDS:
            # Exact field lengths, as the client counts them: the words of the field (the postings' weights are
            # term frequency times the field's boost). Whoosh's own stored lengths are rounded to a byte's
            # precision (119 for 117 words), which made the two engines' scores differ in the third digit.
            boost = {**EN_FIELDS, **PL_FIELDS}.get(field, 1.0)
            lengths = [0.0] * total
            for raw in reader.lexicon(field):
                for d, w in reader.postings(field, raw).items_as("weight"):
                    lengths[d] += w / boost
            avgfl = (sum(lengths) / total if total else 0) or 1
            norm = [BM25_K1 * ((1 - BM25_B) + BM25_B * fl / avgfl) for fl in lengths]
            for raw in reader.lexicon(field):
                n = reader.doc_frequency(field, raw)
                idf = math.log(1 + (total - n + 0.5) / (n + 0.5))
                text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
                impacts[(field, text)] = {d: idf * ((tf * (BM25_K1 + 1)) / (tf + norm[d]))
                                          for d, tf in reader.postings(field, raw).items_as("weight")}
    return impacts


def load_impacts(source: Path | Any, ix: Any) -> dict[tuple[str, str], dict[int, float]]:
    """The weights the build stored beside the index; computed afresh when they are missing or do not fit."""
    if isinstance(source, Path):
        try:
            count, impacts = marshal.loads((source / WEIGHTS_FILE).read_bytes())
            if count == ix.doc_count_all() and isinstance(impacts, dict):
                return impacts
        except (OSError, ValueError, EOFError, TypeError):
            pass  # an index written before the weights were stored, or a damaged file: read them from Whoosh
    return read_impacts(ix)
