"""Markdown tables of bench/search_eval.py's figures: one summary row per set, then each set by category."""

from __future__ import annotations

from typing import Any


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _cells(m: Any | None) -> list[str]:
    if m is None:
        return ["–", "–", "–"]
    return [_pct(m.top1), _pct(m.top3), f"{m.mrr10:.3f}"]


def markdown(sets: dict[str, dict[str, Any]]) -> str:
    """`sets` is evaluate()["sets"]: per set its queries, gaps, server Metrics and (optionally) client Metrics."""
    lines = ["| set | scored | gaps | server top-1 | server top-3 | server MRR@10 "
             "| offline top-1 | offline top-3 | offline MRR@10 | top-1 agreement |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for name, r in sets.items():
        agree = _pct(r["agreement"]) if "agreement" in r else "–"
        row = [name, str(len(r["queries"])), str(len(r["gaps"])), *_cells(r["server"]), *_cells(r.get("client")), agree]
        lines.append("| " + " | ".join(row) + " |")
    for name, r in sets.items():
        label = "type" if name == "old" else "category"
        lines += ["", f"**{name}** by {label}:", "",
                  f"| {label} | n | server top-1 | server top-3 | server MRR@10 "
                  "| offline top-1 | offline top-3 | offline MRR@10 |",
                  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
        client = r.get("client")
        for key, g in r["server"].groups.items():
            c = client.groups.get(key) if client is not None else None
            lines.append("| " + " | ".join([key, str(g.n), *_cells(g), *_cells(c)]) + " |")
    return "\n".join(lines)
