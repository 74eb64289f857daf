from __future__ import annotations

from pathlib import Path

from throne_rules import DEFAULTS, PROJECT_ROOT, create_app


def test_config_defaults_and_override(tmp_path: Path) -> None:
    assert not create_app().testing
    app = create_app({"TESTING": True, "BUILD_DIR": str(tmp_path)})
    assert app.testing
    assert app.config["BUILD_DIR"] == str(tmp_path)
    assert DEFAULTS["CONTENT_DIR"] == str(PROJECT_ROOT / "content")


def test_blueprints_registered() -> None:
    app = create_app({"TESTING": True})
    assert {"pages", "search", "api_search", "health"} <= set(app.blueprints)


def test_no_build_is_a_clear_503(tmp_path: Path) -> None:
    client = create_app({"TESTING": True, "BUILD_DIR": str(tmp_path / "none")}).test_client()
    resp = client.get("/api/search?q=cp")
    assert resp.status_code == 503
    assert resp.get_json()["error"]["code"] == "no_build"
    page = client.get("/")
    assert page.status_code == 503 and b"throne-rules build" in page.data


def test_import_name_is_not_site() -> None:
    import site

    import throne_rules

    assert throne_rules.__name__ == "throne_rules"
    assert not hasattr(site, "create_app")  # the standard library module is untouched
