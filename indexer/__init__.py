"""Content -> checked entries -> a release with a Whoosh index and offline search data."""

from .build import BuildReport, Corpus, build, get_files, hash_content, load_corpus
from .errors import BuildError, Problem
from .library import Library, Release

__all__ = ["BuildError", "BuildReport", "Corpus", "Library", "Problem", "Release", "build", "get_files",
           "hash_content", "load_corpus"]
