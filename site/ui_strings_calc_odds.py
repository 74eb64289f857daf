"""The dice odds calculator's interface in Polish (English -> Polish; see ui_strings_calc.py for how the table is
used), its several-abilities section included. Terms: strit, przerzut, zdolność, ofensywa (content/pl)."""

from __future__ import annotations

ODDS: dict[str, str] = {
    "> 99.99%": "> 99.99%",  # a chance just short of certain, or just above impossible: never 100.00% or 0.00%
    "< 0.01%": "< 0.01%",
    "Dice odds calculator": "Kalkulator szans na kościach",
    "Dice odds": "Szanse na kościach",
    "Your chance of rolling an ability in the Offensive Roll Phase: up to 3 Roll Attempts, each re-roll of any dice "
    "you choose (also dice kept before). The chance assumes the best keep every time, worked out exactly.":
        "Twoja szansa na wyrzucenie zdolności w ofensywie: do 3 rzutów (Roll Attempts), każdy przerzut dowolnie "
        "wybranych kości (także zatrzymanych wcześniej). Szansa zakłada za każdym razem najlepszy wybór "
        "zatrzymanych kości, liczona dokładnie.",
    "Your dice": "Twoje kości",
    "Dice faces": "Ścianki kości",
    "Numbers 1–6": "Liczby 1–6",
    "My hero": "Mój bohater",
    "The {hero}’s dice key is the one the rulebook prints (":
        "Klucz kości (dice key) postaci {hero} jest w podręczniku (",
    "). For any other hero, choose “My hero” and copy the dice key from the hero’s leaflet.":
        "). Dla innego bohatera wybierz „Mój bohater” i przepisz klucz kości z karty informacyjnej bohatera.",
    "Symbol on face {n}": "Symbol na ściance {n}",
    "Save these faces as": "Zapisz te ścianki jako",
    "Save hero": "Zapisz bohatera",
    "Export heroes": "Eksportuj bohaterów",
    "Import heroes": "Importuj bohaterów",
    "Dice": "Kości",
    "Roll attempts": "Rzuty (Roll Attempts)",
    "Small Straight": "Mały strit",
    "Large Straight": "Duży strit",
    "Straight": "Strit",
    "X of a kind": "X jednakowych",
    "Symbols": "Symbole",
    "Straight length": "Długość stritu",
    "(numbers in a row)": "(liczby po kolei)",
    "{n} Small": "{n} mały",
    "{n} Large": "{n} duży",
    "Of a kind": "Jednakowe",
    "(dice showing one number)": "(kości z tą samą liczbą)",
    "How many dice must show each symbol (any mix: “3 of a symbol” or a whole combination).":
        "Ile kości musi pokazać każdy symbol (dowolnie: „3 razy symbol” albo cała kombinacja).",
    "One {raw} fewer": "O jeden {raw} mniej",
    "One {raw} more": "O jeden {raw} więcej",
    "Dice showing now": "Kości na stole teraz",
    "(optional: for keep advice)": "(opcjonalnie: do porady, co zatrzymać)",
    "Tap a face for each die showing; tap a die below to take it out.":
        "Stuknij ściankę dla każdej kości na stole; stuknij kość poniżej, aby ją usunąć.",
    "Clear the dice": "Wyczyść kości",
    "Dice showing": "Kości na stole",
    "One digit per die, for example 66321.": "Jedna cyfra na kość, np. 66321.",
    "Roll attempts left after this roll": "Rzuty pozostałe po tym rzucie",
    "Roll attempts left": "Pozostałe rzuty",
    "Pick a target to see the chance.": "Wybierz cel, aby zobaczyć szansę.",
    "Chance": "Szansa",
    "Exactly": "Dokładnie",
    "Keep these dice": "Zatrzymaj te kości",
    "Your dice (no roll attempts left)": "Twoje kości (nie zostały żadne rzuty)",
    "keep": "zatrzymaj",
    "re-roll": "przerzuć",
    "Every keep, best first": "Każdy wybór, od najlepszego",
    "All {n} keeps": "Wszystkie wybory ({n})",
    "keep {list}": "zatrzymaj {list}",
    "re-roll all": "przerzuć wszystkie",
    "Take out die {i}: {raw}": "Usuń kość {i}: {raw}",
    "Chance: {p}": "Szansa: {p}",
    "Keep {list}, re-roll {rest}: {p}": "Zatrzymaj {list}, przerzuć {rest}: {p}",
    "Keep every die: {p}": "Zatrzymaj wszystkie kości: {p}",
    "Re-roll all: {p}": "Przerzuć wszystkie: {p}",
    "{n} in a row": "{n} po kolei",
    "Number of {raw}": "Liczba: {raw}",
    # the explanation (odds.py / odds-engine.js wording, translated piece by piece)
    "With {setting}, {goal}, {what}. Each re-roll may include dice you kept before.":
        "Przy {setting}, {goal}, {what}. Każdy przerzut może obejmować kości zatrzymane wcześniej.",
    "{n} dice and {m} roll attempts": "{n} kościach i {m} rzutach",
    "{n} dice and {m} roll attempt": "{n} kościach i {m} rzucie",
    "{n} die and {m} roll attempts": "{n} kości i {m} rzutach",
    "{n} die and {m} roll attempt": "{n} kości i {m} rzucie",
    "keeping the best dice after each roll": "zatrzymując najlepsze kości po każdym rzucie",
    "playing for the most damage on average (one ability is activated)":
        "grając na największe średnie obrażenia (aktywuje się jedna zdolność)",
    "the chance of {t} is {p}": "szansa na {t} wynosi {p}",
    "the expected damage is {x}": "oczekiwane obrażenia wynoszą {x}",
    "Ability {n}": "Zdolność {n}",
    "a Small Straight (4 numbers in a row)": "małego strita (4 liczby po kolei)",
    "a Large Straight (5 numbers in a row)": "dużego strita (5 liczb po kolei)",
    "a straight of {n} numbers in a row": "strita z {n} liczb po kolei",
    "{n} of a kind": "{n} jednakowe",
    "at least {list}": "co najmniej {list}",
    "{n} × {sym}": "{n} × {sym}",
    "With no roll attempts left, the dice {d} are final: {what}.":
        "Nie zostały żadne rzuty, więc kości {d} są ostateczne: {what}.",
    "From {d} with {n} roll attempt left, {goal}, {what}: {keep}.":
        "Z {d}, gdy został {n} rzut, {goal}, {what}: {keep}.",
    "From {d} with {n} roll attempts left, {goal}, {what}: {keep}.":
        "Z {d}, gdy zostały rzuty: {n}, {goal}, {what}: {keep}.",
    "keep {list} and re-roll the rest": "zatrzymaj {list} i przerzuć resztę",
    "re-roll every die": "przerzuć wszystkie kości",
    "keep every die": "zatrzymaj wszystkie kości",
    # errors in the form's words
    "{field} must list the {n} dice showing; got {m}.": "{field}: podaj wszystkie kości na stole ({n}); podano {m}.",
    "{field}: tap a face 1 to 6 for each die.": "{field}: stuknij ściankę od 1 do 6 dla każdej kości.",
    "{field}: give the symbol your hero's dice key shows.": "{field}: podaj symbol z klucza kości twojego bohatera.",
    "{field}: unknown choice '{raw}'.": "{field}: nieznany wybór „{raw}”.",
    "{field} asks for {n} dice in all, more than the {m} you roll.":
        "{field}: łącznie {n} kości, więcej niż {m}, którymi rzucasz.",
    "{field} is empty: ask for at least one symbol.": "{field}: pusto; podaj co najmniej jeden symbol.",
    "{field} needs at least {n} dice.": "{field}: potrzeba co najmniej {n} kości.",
    "{field}: no face shows '{raw}'.": "{field}: żadna ścianka nie pokazuje „{raw}”.",
    # saved heroes
    "The file must hold a list of heroes.": "Plik musi zawierać listę bohaterów.",
    "Hero {n}: needs a name of 1 to 40 characters.": "Bohater {n}: potrzebna nazwa od 1 do 40 znaków.",
    "Hero {n} ({raw}): needs faces 1 to 6.": "Bohater {n} ({raw}): potrzebne ścianki od 1 do 6.",
    "Hero {n} ({raw}): face {f} needs a symbol of 1 to 24 characters.":
        "Bohater {n} ({raw}): ścianka {f} potrzebuje symbolu od 1 do 24 znaków.",
    "Loaded {raw}.": "Wczytano: {raw}.",
    "Saved on this device.": "Zapisano na tym urządzeniu.",
    "Exported {n} heroes.": "Wyeksportowano bohaterów: {n}.",
    "Imported {n} heroes.": "Zaimportowano bohaterów: {n}.",
    "Not imported: {msg}": "Nie zaimportowano: {msg}",
    # the several-abilities section (branch oddspage): expected damage
    "Work out": "Co obliczyć",
    "Chance of one target": "Szansa na jeden cel",
    "Several abilities: expected damage": "Kilka zdolności: oczekiwane obrażenia",
    "Abilities you choose between": "Zdolności, spośród których wybierasz",
    "List the abilities this roll could activate, each with its dice and its damage from your hero’s board. You "
    "activate one: the page plays for the most damage on average.":
        "Wpisz zdolności, które ten rzut może aktywować, każdą z jej kośćmi i obrażeniami z planszy bohatera. "
        "Aktywujesz jedną: strona gra na największe średnie obrażenia.",
    "Abilities": "Zdolności",
    "Name": "Nazwa",
    "Damage": "Obrażenia",
    "Ability {n} name": "Zdolność {n}: nazwa",
    "Ability {n} target": "Zdolność {n}: cel",
    "Ability {n} straight length": "Zdolność {n}: długość stritu",
    "Ability {n} of a kind": "Zdolność {n}: jednakowe",
    "Ability {n} damage": "Zdolność {n}: obrażenia",
    "Ability {n} number of {raw}": "Zdolność {n}: liczba {raw}",
    "Ability {n}: {sym}": "Zdolność {n}: {sym}",
    "Ability {n}: one {raw} fewer": "Zdolność {n}: o jeden {raw} mniej",
    "Ability {n}: one {raw} more": "Zdolność {n}: o jeden {raw} więcej",
    "Ability {n}: one damage less": "Zdolność {n}: o jedno obrażenie mniej",
    "Ability {n}: one damage more": "Zdolność {n}: o jedno obrażenie więcej",
    "Remove ability {n}": "Usuń zdolność {n}",
    "Add an ability": "Dodaj zdolność",
    "Add an ability (at most {n})": "Dodaj zdolność (najwyżej {n})",
    "Expected damage": "Oczekiwane obrażenia",
    "Chance of any ability": "Szansa na dowolną zdolność",
    "Chance you use each ability": "Szansa, że użyjesz danej zdolności",
    "Playing for the most damage; when you roll several, you use the one with the most damage.":
        "Przy grze na największe obrażenia; gdy wyrzucisz kilka zdolności, używasz tej z największymi obrażeniami.",
    "{t}, {n} damage": "{t}, obrażenia: {n}",
    "Straight of {n}": "Strit z {n}",
    "{a} + {b}": "{a} + {b}",
    "{x} damage": "obrażenia: {x}",
    "Expected damage: {x}": "Oczekiwane obrażenia: {x}",
    "This link: {msg} The form shows the nearest valid choice; change any choice to see the result.":
        "Ten link: {msg} Formularz pokazuje najbliższy poprawny wybór; zmień dowolny wybór, aby zobaczyć wynik.",
    "Ability {n}: add a symbol with + to see the expected damage.":
        "Zdolność {n}: dodaj symbol przyciskiem +, aby zobaczyć oczekiwane obrażenia.",
    "Add a symbol with + to see the chance.": "Dodaj symbol przyciskiem +, aby zobaczyć szansę.",
}
