"""Stage: the offline search index, built once here instead of in the browser on every page load.

The offline client (static/js/search-rank.js over MiniSearch) used to fetch the search data and
index every document on each page before the first suggestion could show: seconds on a phone.
This writes what that indexing produces, so a page only parses it:

- `index`: for every term of every field, its postings (document, term frequency) exactly as
  MiniSearch's `add` records them with search-rank.js's `indexOptions` (folded words, stemmed by
  the field's language through the build's stem table, a field's boost as repeated terms, the
  plain `fuzzy` field unstemmed), each field's length per document and MiniSearch's running
  average of it. The client decodes a term's postings the first time a query asks for it.
  The postings are in one file per language (`search_terms`, the documents in that language), each
  field's also naming how many documents of the other language hold the term there: a reader's worker
  precaches the index and their language's postings, and with those alone the client scores that
  language's documents exactly as with both (the same document frequencies, counts and lengths); the
  other language's postings come when the reader first searches online, and are kept (issue 35).
- `vocabulary`: every plain word with its document frequency and languages (search-rank.js's
  `Vocabulary`), sorted as JavaScript sorts strings.
- `data`: the search data itself (offline_data.py) without what only indexing and the offline results
  page's snippets use: the documents' bodies, summaries, headings, aliases, Polish names, descriptions and
  tags (that page reads the bodies and summaries from one small file per language, search_bodies()).

The format is generic: every field the search data has is kept; the indexed fields are the
data's `boosts` and `pl_boosts` and `fuzzy`. tests/test_search_index.py checks the result against
MiniSearch's own index, built in Node by search-rank.js from the same data.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from .analysis import words
from .model import LANGS

FORMAT = 2  # 2: the postings in one file per language
HASH_CHARS = 12
# Kept out of the index file: what only indexing (done here) and snippets (which read search_bodies()) use.
LAZY_FIELDS = ("body", "summary", "headings", "aliases", "polish_names", "describes", "describes_pl", "tags")
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
PLAIN_FIELD = "fuzzy"
# search-rank.js PLAIN: the plain field's terms carry it, so a plain word never meets a stemmed one.
PLAIN_MARK = "\u0002"


def _js_order(word: str) -> bytes:
    """JavaScript compares strings by UTF-16 code units."""
    return word.encode("utf-16-be")


def plain_text(doc: dict[str, Any]) -> str:
    """search-vocab.js plainText: title, aliases, descriptions, tags, headings and body, joined by spaces."""
    # an English entry's Polish descriptions stay out, as its Polish names do (they would make Polish words English)
    keys = ("title", "aliases", "describes", "describes_pl", "tags", "headings", "body")
    return " ".join(str(doc.get(k) or "") for k in keys if k != "describes_pl" or doc.get("lang") == "pl")


def field_text(doc: dict[str, Any], field: str) -> str:
    """The twin of search-rank.js fieldText: English fields for English entries, Polish ones for Polish
    pages (and the Polish names of English entries), and the plain field."""
    pl = doc.get("lang") == "pl"
    if field in ("title", "aliases", "describes", "tags", "headings", "body"):
        return "" if pl else str(doc.get(field) or "")
    if field == "describes_pl":
        return str(doc.get(field) or "")
    if field == "title_pl":
        return str(doc.get("title") or "") if pl else ""
    if field == "aliases_pl":
        return str(doc.get("aliases") or "") if pl else str(doc.get("polish_names") or "")
    if field == "body_pl":
        return str(doc.get("body") or "") if pl else ""
    if field == PLAIN_FIELD:
        return plain_text(doc)
    return str(doc.get(field) or "")


def index_fields(data: dict[str, Any]) -> tuple[list[str], dict[str, str | None], dict[str, int]]:
    """Fields in search-rank.js order (English, Polish, plain), each field's stem language, and how many
    times a term is added (its boost, as search-rank.js processTerm repeats it)."""
    en, pl = list(data["boosts"]), list(data["pl_boosts"])
    fields = [*en, *pl, PLAIN_FIELD]
    lang: dict[str, str | None] = {**dict.fromkeys(en, "en"), **dict.fromkeys(pl, "pl"), PLAIN_FIELD: None}
    boosts = {**data["boosts"], **data["pl_boosts"]}
    repeat = {f: max(1, math.ceil(boosts.get(f) or 1)) for f in fields}
    repeat[PLAIN_FIELD] = 1
    return fields, lang, repeat


def build_index(data: dict[str, Any], split: Callable[[str], list[str]] = words) -> dict[str, Any]:
    """The index without its postings, and under "postings" each term's: field id -> document -> term frequency."""
    fields, lang, repeat = index_fields(data)
    stems = data["stems"]
    postings: dict[str, dict[int, dict[int, int]]] = defaultdict(dict)  # term -> field id -> doc -> tf
    lengths: list[list[int]] = [[] for _ in fields]
    averages = [0.0 for _ in fields]
    for doc_id, doc in enumerate(data["docs"]):
        for fid, field in enumerate(fields):
            found = split(field_text(doc, field))
            lengths[fid].append(len(found))
            # MiniSearch's running average, in the same floating-point steps
            averages[fid] = (averages[fid] * doc_id + len(found)) / (doc_id + 1)
            table = stems[lang[field]] if lang[field] else None
            for word in found:
                term = table.get(word, word) if table is not None else word + PLAIN_MARK
                by_doc = postings[term].setdefault(fid, {})
                by_doc[doc_id] = by_doc.get(doc_id, 0) + repeat[field]
    return {"fields": fields, "documentCount": len(data["docs"]), "lengths": lengths, "averages": averages,
            "postings": postings}


def base36(n: int) -> str:
    out = ""
    while True:
        n, digit = divmod(n, 36)
        out = DIGITS[digit] + out
        if not n:
            return out


def pack_postings(by_field: dict[int, dict[int, int]], keep: Callable[[int], bool] | None = None) -> str:
    """One term's postings of the documents `keep` keeps, as text decoded by search-core.js LazyTerms:
    `field:doc,doc.tf;field+n:...`, fields in order, each field's documents in MiniSearch's insertion order
    (ascending), a document as the base-36 gap from the one before, `.tf` (base 36) only when its term frequency
    is not 1, `+n` (base 36) when n documents `keep` leaves out hold the term in that field; "" when it keeps none."""
    parts = []
    for fid, by_doc in sorted(by_field.items()):
        prev = 0
        docs = []
        for doc, tf in by_doc.items():
            if keep is None or keep(doc):
                docs.append(base36(doc - prev) + ("" if tf == 1 else "." + base36(tf)))
                prev = doc
        if docs:
            other = len(by_doc) - len(docs)
            parts.append(f"{fid}" + (f"+{base36(other)}" if other else "") + ":" + ",".join(docs))
    return ";".join(parts)


def build_vocabulary(docs: list[dict[str, Any]], split: Callable[[str], list[str]] = words) -> dict[str, list[Any]]:
    df: dict[str, int] = defaultdict(int)
    langs: dict[str, list[str]] = defaultdict(list)
    for doc in docs:
        for w in dict.fromkeys(split(plain_text(doc))):
            df[w] += 1
            if doc["lang"] not in langs[w]:
                langs[w].append(doc["lang"])
    ordered = sorted(df, key=_js_order)
    return {"words": ordered, "df": [df[w] for w in ordered], "langs": [" ".join(langs[w]) for w in ordered]}


def search_index(data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """The search index file for this search data, and its postings file per language (see the module's
    docstring)."""
    slim = {**data, "docs": [{k: v for k, v in d.items() if k not in LAZY_FIELDS} for d in data["docs"]]}
    split = functools.lru_cache(maxsize=4096)(words)  # each document's plain text is split twice
    index = build_index(data, split)
    postings = index.pop("postings")
    doc_lang = [d["lang"] for d in data["docs"]]
    parts = {}
    for lang in LANGS:  # a file for each, even with no document in it
        packed = ((term, pack_postings(by_field, lambda doc: doc_lang[doc] == lang))  # noqa: B023 - used here
                  for term, by_field in postings.items())
        parts[lang] = {"format": FORMAT, "version": data["version"], "lang": lang,
                       "terms": {term: text for term, text in packed if text}}
    return ({"format": FORMAT, "version": data["version"], "data": slim, "index": index,
             "vocabulary": build_vocabulary(data["docs"], split)}, parts)


def terms_file(lang: str) -> str:
    return f"search-terms-{lang}.json"


# What the offline results page reads beside the index: each document's body and summary, for its snippet.
SNIPPET_FIELDS = ("body", "summary")


def bodies_file(lang: str) -> str:
    return f"search-bodies-{lang}.json"


def search_bodies(data: dict[str, Any], lang: str) -> dict[str, Any]:
    """The bodies and summaries of the documents in `lang`: a reader's worker precaches its language's file and
    fetches the other one when the reader opens results in it (issue 35), where the full search data would be
    both languages' and every field again (0.63 MB gzipped)."""
    docs = [{"id": d["id"], **{k: d[k] for k in SNIPPET_FIELDS}} for d in data["docs"] if d["lang"] == lang]
    return {"version": data["version"], "lang": lang, "docs": docs}


def encode(index: dict[str, Any]) -> bytes:
    return json.dumps(index, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def content_key(body: bytes) -> str:
    """The name the index is served under: its own bytes' hash, so any change is a new URL."""
    return hashlib.sha256(body).hexdigest()[:HASH_CHARS]
