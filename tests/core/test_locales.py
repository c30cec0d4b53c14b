"""plywright.locales: TOML texts as dotted keys, plural categories, the shared Texts."""

from __future__ import annotations

from pathlib import Path

import pytest

from plywright import locales


def test_plural_categories_of_latvian_ukrainian_and_english() -> None:
    counts = (0, 1, 2, 5, 11, 12, 21, 22, 25, 101, 111, 112)
    assert [locales.plural_category("lv", n) for n in counts] == [
        "zero", "one", "other", "other", "zero", "zero", "one", "other", "other", "one",
        "zero", "zero",
    ]  # fmt: skip
    assert [locales.plural_category("lv", n) for n in (10, 19, 20, 30, 60, 121)] == [
        "zero", "zero", "zero", "zero", "zero", "one",
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
        '[nouns.hole]\nzero = "iedobju"\none = "iedobe"\nother = "iedobes"\n'
        '[meta]\npage = "{page}. lpp."\nquote = "sk. \\"Uzvara\\" — {a}-{b}"\n',
        encoding="utf-8",
    )

    class Texts(Sample):
        folder = tmp_path

    return Texts


def test_texts_fill_in_count_and_record_what_they_used(sample: type[Sample]) -> None:
    t = sample("lv")
    assert t.raw("meta.page") == "{page}. lpp."
    assert t("meta.page", page=3) == "3. lpp."
    assert [t.count("hole", n) for n in (1, 2, 11, 21)] == [
        "1 iedobe", "2 iedobes", "11 iedobju", "21 iedobe",
    ]  # fmt: skip
    assert t.mm(3.5) == "3,5\u00a0mm" and t.number(2.0) == "2" and t.number(1.25, places=1) == "1,2"
    assert t.raw("meta.quote") == "sk. „Uzvara“\u00a0– {a}-{b}"  # typeset as read
    assert t("meta.quote", a=2, b=6) == "sk. „Uzvara“\u00a0– 2–6"  # and once filled in
    assert t.used == {"meta.page", "meta.quote", "nouns.hole.zero", "nouns.hole.one",
                      "nouns.hole.other", "format.mm", "format.decimal"}  # fmt: skip
    assert locales.load(sample.folder, "lv") is t.strings()  # read once


def test_a_missing_language_names_the_ones_there(sample: type[Sample]) -> None:
    with pytest.raises(ValueError, match=r"no texts in 'de' .*\(allowed: lv\)"):
        sample("de").raw("meta.page")


def test_a_second_folder_supplies_the_keys_and_languages_the_first_lacks(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    (first / "en.toml").write_text('[x]\nshared = "first"\n', encoding="utf-8")
    (second / "en.toml").write_text('[x]\nshared = "second"\nextra = "more"\n', "utf-8")
    (second / "fr.toml").write_text('[x]\nshared = "deux"\n', encoding="utf-8")

    class Texts(locales.Texts):
        folder = first

    assert Texts("en", also=(second,))("x.shared") == "first"
    assert Texts("en", also=(second,))("x.extra") == "more"
    assert Texts("fr", also=(second,))("x.shared") == "deux"
    with pytest.raises(ValueError, match=r"allowed: en, fr"):
        Texts("de", also=(second,)).strings()


PLUGIN_LOCALES = sorted(Path(__file__).parents[2].glob("plugins/*/locales/*.toml"))


@pytest.mark.parametrize("path", PLUGIN_LOCALES, ids=lambda p: f"{p.parts[-3]}-{p.stem}")
def test_every_noun_has_every_cldr_category_its_language_uses(path: Path) -> None:
    texts = locales.load(path.parent, path.stem)
    nouns = {key.split(".")[1] for key in texts if key.startswith("nouns.")}
    needed = {locales.plural_category(path.stem, n) for n in range(0, 200)}
    for noun in nouns:
        have = {key.split(".")[2] for key in texts if key.startswith(f"nouns.{noun}.")}
        assert needed <= have, (noun, sorted(needed - have))
