"""French elides "de" and "que" before a vowel: "au tour d'Ann", "qu'Eva", but "de Bob". The
name comes in through a placeholder, so the text elides when it is filled in."""

from games.i18n import _, npgettext, pgettext, speaking

TURN = "It is {name}'s turn, not yours."  # fr: "C'est au tour de {name}, pas au tien."
WAITING = "Waiting for {who} to challenge a fighter"  # fr: "On attend que {who} défie..."


def test_de_before_a_vowel_is_elided() -> None:
    with speaking("fr"):
        text = pgettext("dentpourdent", TURN)
        assert text.format(name="Ann") == "C'est au tour d'Ann, pas au tien."
        assert text.format(name="Élodie") == "C'est au tour d'Élodie, pas au tien."
        assert text.format(name="**Ann**") == "C'est au tour d'**Ann**, pas au tien."


def test_de_before_a_consonant_or_a_number_stays() -> None:
    with speaking("fr"):
        text = pgettext("dentpourdent", TURN)
        assert text.format(name="Bob") == "C'est au tour de Bob, pas au tien."
        assert text.format(name="Yann") == "C'est au tour de Yann, pas au tien."
        assert text.format(name="8") == "C'est au tour de 8, pas au tien."


def test_que_before_a_vowel_is_elided() -> None:
    with speaking("fr"):
        text = pgettext("dentpourdent", WAITING)
        assert text.startswith("On attend que {who} ")
        assert text.format(who="Eva").startswith("On attend qu'Eva ")
        assert text.format(who="Cid").startswith("On attend que Cid ")


def test_plurals_elide_too() -> None:
    with speaking("fr"):
        text = npgettext("dog", "Only {n} step of your 7 is left.",
                         "Only {n} steps of your 7 are left.", 2)
        assert text.format(n=2) == "Il ne reste que 2 cases de ton 7."


def test_other_languages_are_left_as_they_are() -> None:
    with speaking("nl"):
        text = pgettext("dentpourdent", TURN)
        assert text != TURN and "'" not in text.format(name="Ann")
    with speaking("en"):
        assert _(TURN).format(name="Ann") == "It is Ann's turn, not yours."
