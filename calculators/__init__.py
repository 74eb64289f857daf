"""The rules engine and the calculators built on it: pure Python, no Flask, no I/O.

Each module holds one calculator's tables (read from the content data files),
its request parsing and its method; the Flask views in site/views/calc_*.py only
call them, and the pages' JavaScript (static/js/calc/) runs the same method
offline from the same tables.
"""
