"""generator.locales: TOML texts as dotted keys, plural categories, the shared Texts."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import locales


def test_plural_categories_of_latvian_ukrainian_and_english() -> None:
    counts = (0, 1, 2, 5, 11, 12, 21, 22, 25, 101, 111, 112)
    assert [locales.plural_category("lv", n) for n in counts] == [
        "other", "one", "other", "other", "other", "other", "one", "other", "other", "one",
        "other", "other",
    ]  # fmt: skip
    assert [locales.plural_category("uk", n) for n in counts] == [
        "many", "one", "few", "many", "many", "many", "one", "few", "many", "one", "many",
        "many",
    ]  # fmt: skip
    for lang in ("en", "nl"):
        expected = ["one" if n == 1 else "other" for n in counts]
        assert [locales.plural_category(lang, n) for n in counts] == expected


def test_flatten_gives_dotted_keys_and_texts() -> None:
    table = {"a": {"b": "x", "c": {"d": 3}}, "e": "y"}
    assert locales.flatten(table) == {"a.b": "x", "a.c.d": "3", "e": "y"}


class Sample(locales.Texts):
    folder = Path()


@pytest.fixture
def sample(tmp_path: Path) -> type[Sample]:
    (tmp_path / "lv.toml").write_text(
        '[format]\ndecimal = ","\nmm = "{value} mm"\n'
        '[nouns.hole]\none = "iedobe"\nother = "iedobes"\n[meta]\npage = "{page}. lpp."\n',
        encoding="utf-8",
    )

    class Texts(Sample):
        folder = tmp_path

    return Texts


def test_texts_fill_in_count_and_record_what_they_used(sample: type[Sample]) -> None:
    t = sample("lv")
    assert t.raw("meta.page") == "{page}. lpp."
    assert t("meta.page", page=3) == "3. lpp."
    assert [t.count("hole", n) for n in (1, 11, 21)] == ["1 iedobe", "11 iedobes", "21 iedobe"]
    assert t.mm(3.5) == "3,5 mm" and t.number(2.0) == "2" and t.number(1.25, places=1) == "1,2"
    assert t.used == {"meta.page", "nouns.hole.one", "nouns.hole.other", "format.mm",
                      "format.decimal"}  # fmt: skip
    assert locales.load(sample.folder, "lv") is t.strings()  # read once


def test_a_missing_language_names_the_ones_there(sample: type[Sample]) -> None:
    with pytest.raises(ValueError, match=r"no texts in 'de' .*\(allowed: lv\)"):
        sample("de").raw("meta.page")
