"""The calculators' interface in Polish, as English -> Polish (gettext style: the English text is the key).

The calculator pages are English pages; when the reader's interface language is Polski, static/js/calc/i18n.js
looks up every text node and label of the page's <main> here: an exact string, or a pattern whose {holes} are
filled with the Polish of what they matched ({field} holes with a field's Polish label from FIELDS). The
calculators' engines and renderers stay English (their Python and JavaScript twins compare English output).

Game terms are the Polish content's (content/pl/, content/data/polish-terms.yaml): obrażenia zwyczajne,
nieuchronne, czyste, obszarowe, specjalne; zdolność obronna, zdolność specjalna, modyfikator ataku, zdrowie,
punkty walki (PW), wyznaczenie celu, ofensywa, obrona, król wzgórza, lider, strit, przerzut, wynik pośredni.
A term the Polish content does not have stays English (KEEP, with the reason), as the Polish summary does.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from .ui_strings_calc2 import FAME, LABELS, LOOT, PAGE_TEXT, SCORE
from .ui_strings_calc_odds import ODDS

COMMON: dict[str, str] = {
    "Home": "Start",
    "Calculators": "Kalkulatory",
    "Breadcrumb": "Ścieżka",
    "Calculate": "Oblicz",
    "Share this calculation": "Udostępnij to obliczenie",
    "Reset": "Wyczyść",
    "Result": "Wynik",
    "Link copied.": "Skopiowano link.",
    "Copy this link: {url}": "Skopiuj ten link: {url}",
    "Roll for me": "Rzuć za mnie",
    "(optional)": "(opcjonalnie)",
    "Roll": "Rzut",
    "Target": "Cel",
    "{title} · Throne Rules": "{title} · Throne Rules",
    "{a} · {b}": "{a} · {b}",
    "{a} and {b}": "{a} i {b}",
    # errors the page shows for a field (the API's JSON keeps its English message; `code` and `field` are the hooks)
    "{field} is required: a whole number from {low} to {high}.":
        "{field}: to pole jest wymagane; wpisz liczbę całkowitą od {low} do {high}.",
    "{field} must be a whole number from {low} to {high}; got {n}.":
        "{field}: wpisz liczbę całkowitą od {low} do {high} (wpisano: {n}).",
    "{field} must be a whole number from {low} to {high}.": "{field}: wpisz liczbę całkowitą od {low} do {high}.",
    "{field} is required: one of {ids}.": "{field}: to pole jest wymagane; wybierz jedno z: {ids}.",
    "Unknown {field} '{raw}'. Use one of: {ids}.": "{field}: nieznana wartość „{raw}”. Wybierz jedno z: {ids}.",
    "{field} is required: true or false.": "{field}: to pole jest wymagane (tak albo nie).",
    "{field} must be true or false.": "{field}: wybierz tak albo nie.",
    "{field} must be at most {n} characters.": "{field}: najwyżej {n} znaków.",
    "{field} must be text.": "{field}: wpisz tekst.",
    "{field} must be a JSON object.": "{field}: to musi być obiekt JSON.",
}

INDEX: dict[str, str] = {
    "Settle the table's arguments with the rules' own method. Each calculator shows its steps, links the rules "
    "behind them, works offline, and keeps its state in the address so a link shares the exact calculation.":
        "Rozstrzygaj spory przy stole metodą z samych zasad. Każdy kalkulator pokazuje kolejne kroki, linkuje "
        "zasady, na których się opiera, działa offline i trzyma swój stan w adresie, więc link udostępnia dokładnie "
        "to obliczenie.",
    "Final damage total": "Obliczanie obrażeń",
    "How much damage do I actually take? Damage type, modifiers and status effects, in the rulebook's order.":
        "Ile obrażeń naprawdę otrzymuję? Rodzaj obrażeń, modyfikatory i efekty statusu, w kolejności "
        "z podręcznika.",
    "Targeting roll": "Wyznaczenie celu",
    "Who does this Attack hit? Team modes, King of the Hill's Leaders, and the Boss's roll in Boss vs Many.":
        "Kogo trafia ten atak? Gry drużynowe, liderzy w grze król wzgórza i rzut Bossa w Boss vs Many.",
    "Dice odds": "Szanse na kościach",
    "What are my odds of rolling this ability, and which dice should I keep? Exact chances with the best keeps, "
    "for straights, X of a kind and your hero's symbols.":
        "Jakie mam szanse wyrzucić tę zdolność i które kości zatrzymać? Dokładne szanse przy najlepszym wyborze "
        "zatrzymanych kości, dla stritów, X jednakowych i symboli twojego bohatera.",
    "What does the die give? King's Hand's Loot die, a Loot Chest or Boss Loot step by step, and which Dungeon "
    "Dice bag a reward comes from. Adventures: until you type your board's rows (once, kept on your device) it "
    "says which row to read; after that a roll names the reward.":
        "Co daje kość? Loot die z King's Hand, Loot Chest albo Boss Loot krok po kroku oraz z którego worka "
        "w Dungeon Dice pochodzi nagroda. Adventures: dopóki nie wpiszesz wierszy swojej planszy (raz, zostają "
        "na urządzeniu), mówi, który wiersz odczytać; potem rzut podaje nagrodę.",
    "Adventures scoring": "Punktacja Adventures",
    "A session's score and the next Starting Salves, with a campaign log you can export and import.":
        "Wynik sesji (Session Score) i Starting Salves na następną sesję, z dziennikiem kampanii do eksportu "
        "i importu.",
    "Fame and combat": "Fame i walka",
    "Have I reached 4 Fame yet? How many Hero Level dice do I roll? Who won this combat?":
        "Czy mam już 4 Fame? Iloma kośćmi Hero Level rzucam? Kto wygrał tę walkę?",
    "Programs can call the same calculators as a JSON API: see":
        "Programy mogą wywoływać te same kalkulatory przez JSON API: zobacz",
    "the OpenAPI document": "dokument OpenAPI",
}

DAMAGE: dict[str, str] = {
    "Final damage total calculator": "Kalkulator: obliczanie obrażeń",
    "Final damage total": "Obliczanie obrażeń",
    "Three steps, whatever order things were played in: take the incoming damage; apply every addition and "
    "subtraction (the subtotal); then work out every half, double and reflection from that subtotal, rounded up, "
    "all at once.":
        "Trzy kroki, bez względu na kolejność zagrań: weź obrażenia ataku (incoming damage); dodaj i odejmij "
        "wszystko (wynik pośredni); potem oblicz każde połowienie, podwojenie i odbicie od tego wyniku pośredniego, "
        "zaokrąglając w górę, wszystkie naraz.",
    "Damage type": "Rodzaj obrażeń",
    "Normal damage": "Obrażenia zwyczajne",
    "Undefendable damage": "Obrażenia nieuchronne",
    "Pure damage": "Obrażenia czyste",
    "Collateral damage": "Obrażenia obszarowe",
    "Ultimate damage": "Obrażenia specjalne",
    "Incoming damage": "Obrażenia ataku (Incoming damage)",
    "The damage of the ability or effect, 0 to {n}.": "Obrażenia zdolności lub efektu, od 0 do {n}.",
    "One less incoming damage": "O jedno obrażenie mniej",
    "One more incoming damage": "O jedno obrażenie więcej",
    "Modifiers": "Modyfikatory",
    "Damage added (+N)": "Dodane obrażenia (+N)",
    "Prevented by cards or effects (−N)": "Zapobieżone kartami lub efektami (−N)",
    "Prevented by the Defensive Ability": "Zapobieżone zdolnością obronną",
    "Prevent ½": "Zapobiegnij ½",
    "Defensive Ability prevents ½": "Zdolność obronna zapobiega ½",
    "Deal ½ back": "Odbij ½",
    "Double (×2)": "Podwój (×2)",
    "All damage avoided": "Uniknięto wszystkich obrażeń",
    "{label} (another effect)": "{label} (inny efekt)",
    "Starting Health": "Początkowe zdrowie",
    "Defender's Health now": "Zdrowie zaatakowanego teraz",
    "Attacker's Health now": "Zdrowie atakującego teraz",
    "Teammates hit on one dial": "Trafieni członkowie drużyny na jednym liczniku",
    "Defender heals": "Leczenie zaatakowanego",
    "Attacker heals": "Leczenie atakującego",
    "Other damage to the attacker": "Inne obrażenia atakującego",
    "{effect} tokens": "{effect}: żetony",
    "One less: {label}": "O jeden mniej: {label}",
    "One more: {label}": "O jeden więcej: {label}",
    "Cards and effects that add damage (Attack Modifiers), in all.":
        "Karty i efekty, które dodają obrażenia (modyfikatory ataku), łącznie.",
    "A fixed amount your Defensive Ability prevents, in all.":
        "Stała liczba obrażeń, którym zapobiega twoja zdolność obronna, łącznie.",
    "Protect: each token spent prevents half the damage, rounded up.":
        "Protect: każdy wydany żeton zapobiega połowie obrażeń, zaokrąglając w górę.",
    "{effect} (succeeded)": "{effect} (udany)",
    "A fixed amount prevented by cards or other effects, in all.":
        "Stała liczba obrażeń, którym zapobiegają karty lub inne efekty, łącznie.",
    "Each doubles the subtotal (worked out in step 3).": "Każde podwaja wynik pośredni (liczone w kroku 3).",
    "Each prevents half of the subtotal, rounded up (not from the Defensive Ability).":
        "Każde zapobiega połowie wyniku pośredniego, zaokrąglając w górę (nie ze zdolności obronnej).",
    "More modifiers and status effects": "Więcej modyfikatorów i efektów statusu",
    "Only effects whose numbers the rules state. Others (Chi, Shame, Bonus Damage…): enter their amounts above.":
        "Tylko efekty, których liczby podają zasady. Inne (Chi, Shame, Bonus Damage…): wpisz ich wartości wyżej.",
    "tokens": "żetony",
    "succeeded": "udany",
    "On the defender: {condition}.": "U zaatakowanego: {condition}.",
    "On the attacker: {condition}.": "U atakującego: {condition}.",
    "an opponent Attacks the afflicted player": "przeciwnik atakuje gracza z tym efektem",
    "an opponent Attacks the afflicted player; that Attacker also gains 1 CP":
        "przeciwnik atakuje gracza z tym efektem; ten atakujący dostaje też 1 PW",
    "damage from an opponent's Offensive Roll Phase; no roll, no defense is made":
        "obrażenia z ofensywy przeciwnika; bez rzutu nie ma obrony",
    "damage the afflicted player deals as a result of their Offensive Roll Phase":
        "obrażenia, które gracz z tym efektem zadaje w wyniku swojej ofensywy",
    "rounded up; each token prevents half of the Incoming Damage Subtotal":
        "zaokrąglając w górę; każdy żeton zapobiega połowie wyniku pośredniego",
    "rounded up; spent after being Attacked in an opponent's Offensive Roll Phase":
        "zaokrąglając w górę; wydawany po ataku w ofensywie przeciwnika",
    "spend a token and roll 1 die: on 1-2 no damage is received; each token is a separate attempt":
        "wydaj żeton i rzuć 1 kością: na 1-2 nie otrzymujesz obrażeń; każdy żeton to osobna próba",
    "spend in the Defensive Roll Phase and roll 2 dice: if a 6 is rolled, ignore all incoming damage":
        "wydaj w obronie i rzuć 2 kośćmi: jeśli wypadnie 6, zignoruj wszystkie obrażenia ataku",
    "Apply it to the Health dials (optional)": "Przenieś to na liczniki zdrowia (opcjonalnie)",
    "Everything in the phase lands at once; healing stops at starting Health + 10; both at 0 together is a draw.":
        "Wszystko w tej fazie działa jednocześnie; leczenie kończy się na początkowym zdrowiu + 10; obaj na 0 "
        "naraz to remis.",
    "Enter the incoming damage to see the final total.": "Wpisz obrażenia ataku, aby zobaczyć wynik końcowy.",
    # the result
    "Final damage": "Wynik końcowy",
    "Back to the attacker": "Wraca do atakującego",
    "Subtotal after step 2": "Wynik pośredni po kroku 2",
    "Step {n}": "Krok {n}",
    "Add {n}": "Dodaj {n}",
    "Prevent {n}": "Zapobiegnij {n}",
    "Prevent {n} (Defensive Ability)": "Zapobiegnij {n} (zdolność obronna)",
    "Reflect {n}": "Odbij {n}",
    "Multiply by {n}": "Pomnóż przez {n}",
    "Avoid all damage": "Uniknij wszystkich obrażeń",
    "{label} #{n}": "{label} #{n}",
    "{label} (Defensive Ability)": "{label} (zdolność obronna)",
    "Incoming Damage Subtotal": "Wynik pośredni (Incoming Damage Subtotal)",
    "×{f} of {s}, rounded up: +{a} → {t}": "×{f} z {s}, w górę: +{a} → {t}",
    "{f} of {s}, rounded up: −{a} → {t}": "{f} z {s}, w górę: −{a} → {t}",
    "{f} of {s}, rounded up: {a} back to the attacker": "{f} z {s}, w górę: {a} wraca do atakującego",
    "all {a} avoided → 0": "uniknięto wszystkich {a} → 0",
    "Not counted": "Nie liczy się",
    "{type} is not an Attack (it has special targeting rules), so Attack Modifiers cannot add to it.":
        "{type} to nie atak (mają specjalne zasady wyboru celu), więc modyfikatory ataku nie mogą ich zwiększyć.",
    "An Attack Modifier only works on an Attack of at least 1 damage; this one deals 0.":
        "Modyfikator ataku działa tylko na atak zadający co najmniej 1 obrażenie; ten zadaje 0.",
    "{type} is not enhanceable: Attack Modifiers cannot add to it or multiply it.":
        "{type}: nie można ich wzmocnić; modyfikatory ataku nie mogą ich zwiększyć ani pomnożyć.",
    "{type} is not avoidable: nothing can reduce, prevent, avoid or reflect it.":
        "{type}: nie można im zapobiec; nic ich nie zmniejszy, nie zapobiegnie im, nie pozwoli ich uniknąć "
        "ani odbić.",
    "{type} is not defendable: no Defensive Ability can be used against it.":
        "{type}: nie można się przed nimi bronić; nie użyjesz przeciw nim zdolności obronnej.",
    "Health dials": "Liczniki zdrowia",
    "Dial": "Licznik",
    "Before": "Przed",
    "Damage": "Obrażenia",
    "Heal": "Leczenie",
    "After": "Po",
    "Defender": "Zaatakowany",
    "Attacker": "Atakujący",
    "Both players are still standing.": "Obaj gracze wciąż są w grze.",
    "The defender is defeated.": "Zaatakowany przegrywa.",
    "The attacker is defeated.": "Atakujący przegrywa.",
    "Both reach 0 together: a draw.": "Obaj spadają do 0 naraz: remis.",
    "Healing stops at the cap of {n} (starting Health + 10).":
        "Leczenie kończy się na {n} (początkowe zdrowie + 10).",
    "{n} teammates each take {d}: the shared team dial loses {t}.":
        "Członkowie drużyny ({n}) dostają po {d}: wspólny licznik zdrowia drużyny traci {t}.",
    "Both dials reach 0 in the same update: the game is a draw.":
        "Oba liczniki spadają do 0 w tej samej chwili: gra kończy się remisem.",
    "Damage and healing of the phase are applied to every dial at the same moment.":
        "Obrażenia i leczenie z tej fazy trafiają na wszystkie liczniki w tej samej chwili.",
    "Final damage: {n}": "Wynik końcowy: {n}",
    "Final damage: {n} · back to the attacker: {r}": "Wynik końcowy: {n} · wraca do atakującego: {r}",
    "At most {n} modifiers.": "Najwyżej {n} modyfikatorów.",
    "At most {n} modifiers; got {m}.": "Najwyżej {n} modyfikatorów (podano {m}).",
}

TARGETING: dict[str, str] = {
    "Targeting roll calculator": "Kalkulator: wyznaczenie celu",
    "Targeting roll": "Wyznaczenie celu",
    "With more than one opponent, the Targeting Roll Phase decides who an Attack hits.":
        "Gdy masz więcej niż jednego przeciwnika, o tym, kogo trafia atak, rozstrzyga wyznaczenie celu.",
    "Game mode": "Tryb gry",
    "King of the Hill": "Król wzgórza",
    "Adventures: a Minion attacks": "Adventures: atakuje Minion",
    "Adventures: the Boss attacks": "Adventures: atakuje Boss",
    "Heroes facing the Boss": "Bohaterowie przeciw Bossowi",
    "{n} Heroes": "{n} bohaterów",
    "The die": "Kość",
    "Roll (1–6)": "Rzut (1–6)",
    "Not rolled yet": "Jeszcze bez rzutu",
    "Tap the face rolled, or “Not rolled yet” and the server rolls for you.":
        "Stuknij wyrzuconą ściankę albo „Jeszcze bez rzutu”, a serwer rzuci za ciebie.",
    "Boss vs Many uses the Boss's Chaos die (1–6).": "W Boss vs Many rzuca się Chaos die Bossa (1–6).",
    "Choose how many Heroes face the Boss.": "Wybierz, ilu bohaterów walczy z Bossem.",
    "This Attack is an Ultimate Ability": "Ten atak to zdolność specjalna",
    "King of the Hill: Leaders": "Król wzgórza: liderzy",
    "Each player's Health, in seat order": "Zdrowie każdego gracza, w kolejności miejsc",
    "3 to 6 numbers separated by spaces or commas, for example 30 30 25.":
        "Od 3 do 6 liczb rozdzielonych spacjami lub przecinkami, np. 30 30 25.",
    "Your seat": "Twoje miejsce",
    "Seat you Attack": "Miejsce, które atakujesz",
    "A Leader has the most Health, ties included; Attacking one earns a bonus card.":
        "Lider ma najwięcej zdrowia (także ex aequo); atak na lidera daje dodatkową kartę.",
    "Pick the mode and roll the die.": "Wybierz tryb i rzuć kością.",
    "Tap the face rolled, or press “Roll for me”.": "Stuknij wyrzuconą ściankę albo naciśnij „Rzuć za mnie”.",
    "Leaders: fill in each player's Health, your seat and the seat you Attack.":
        "Liderzy: wpisz zdrowie każdego gracza, swoje miejsce i miejsce, które atakujesz.",
    "(rolled for you)": "(rzut za ciebie)",
    "Leaders: seat": "Liderzy: miejsce",
    ". Bonus card": ". Dodatkowa karta",
    "yes": "tak",
    "no": "nie",
    "rolled": "wyrzucono",
    "Target: {text}": "Cel: {text}",
    "{mode}: the table": "{mode}: tabela",
    "{mode}, {n} Heroes: the table": "{mode}, {n} bohaterów: tabela",
    "No Targeting Roll Phase: your only opponent is the target.":
        "Bez wyznaczania celu: twój jedyny przeciwnik jest celem.",
    "You choose which opponent to target.": "Wybierasz, którego przeciwnika zaatakować.",
    "The opponent on your left.": "Przeciwnik siedzący po twojej lewej.",
    "The opponent on your right.": "Przeciwnik siedzący po twojej prawej.",
    "The opponent seated in the middle.": "Przeciwnik siedzący pośrodku.",
    "Your opponents choose which of them you target.": "Przeciwnicy wybierają, którego z nich atakujesz.",
    "The next opponent clockwise.": "Następny przeciwnik zgodnie z ruchem wskazówek zegara.",
    "Hero 1: the Hero on the Boss's left.": "Bohater 1: bohater po lewej stronie Bossa.",
    "Hero {n}, counting clockwise from the Boss's left.":
        "Bohater {n}, licząc zgodnie z ruchem wskazówek zegara od lewej strony Bossa.",
    "Roll the Chaos die again.": "Rzuć Chaos die jeszcze raz.",
    "The Hero whose turn it is.": "Bohater, którego jest tura.",
    "The Hero on the Boss's left.": "Bohater po lewej stronie Bossa.",
    "The Hero on the Boss's right.": "Bohater po prawej stronie Bossa.",
    "The Hero in the centre.": "Bohater pośrodku.",
    "1v1 skips the Targeting Roll Phase: your only opponent is the target.":
        "W grze 1v1 nie ma wyznaczania celu: twój jedyny przeciwnik jest celem.",
    "King of the Hill: no die is rolled; choose any opponent to Attack.":
        "Król wzgórza: bez rzutu kością; wybierz dowolnego przeciwnika do ataku.",
    "{mode}: no roll; it targets the Hero whose turn it is.":
        "{mode}: bez rzutu; celem jest bohater, którego jest tura.",
    "No die is rolled in {mode}, so the roll {n} is not used.":
        "W trybie {mode} nie rzuca się kością, więc rzut {n} się nie liczy.",
    "Boss vs Many with {n} Heroes: the Boss rolled {r} on its Chaos die. {text}":
        "Boss vs Many, {n} bohaterów: Boss wyrzucił {r} na swojej Chaos die. {text}",
    "The Heroes always target the Boss.": "Bohaterowie zawsze atakują Bossa.",
    "{mode}: you rolled {r}. {text}": "{mode}: wyrzucono {r}. {text}",
    "Cards may change the targeting die. After an Ultimate Ability, though, the opponents cannot act: only the "
    "player using the Ultimate may still change their own targeting roll.":
        "Karty mogą zmienić wynik kości przy wyznaczaniu celu. Po zdolności specjalnej przeciwnicy nie mogą jednak "
        "nic zrobić: tylko gracz, który jej użył, może jeszcze zmienić swój rzut na cel.",
    "This Attack is an Ultimate: the opponents may not change the targeting die, but you, the player using the "
    "Ultimate, may still change your own targeting roll with cards or effects.":
        "Ten atak to zdolność specjalna: przeciwnicy nie mogą zmienić wyniku kości przy wyznaczaniu celu, ale ty, "
        "używając zdolności specjalnej, wciąż możesz zmienić swój rzut na cel kartami lub efektami.",
    "Leaders (the most Health, {n}): seats {list}.": "Liderzy (najwięcej zdrowia, {n}): miejsca {list}.",
    "Leaders (the most Health, {n}): seat {s}.": "Lider (najwięcej zdrowia, {n}): miejsce {s}.",
    "You alone have the most Health, so nobody you can Attack is a Leader: no bonus card.":
        "Tylko ty masz najwięcej zdrowia, więc nikt, kogo możesz zaatakować, nie jest liderem: bez dodatkowej karty.",
    "Seat {n} is a Leader (tied with you, which still counts): draw 1 card right after choosing the target, "
    "before any other effect.":
        "Miejsce {n} to lider (ex aequo z tobą, co też się liczy): dobierz 1 kartę zaraz po wybraniu celu, zanim "
        "zadziała cokolwiek innego.",
    "Seat {n} is a Leader: draw 1 card right after choosing the target, before any other effect.":
        "Miejsce {n} to lider: dobierz 1 kartę zaraz po wybraniu celu, zanim zadziała cokolwiek innego.",
    "Seat {n} is not a Leader: no bonus card.": "Miejsce {n} to nie lider: bez dodatkowej karty.",
    "Choosing any opponent and the Leader's bonus card are the rulebook's 3-player rules. King of the Hill's "
    "starting Health for 4–6 players (35) is only in a player's summary, which marks its house rules by colour, "
    "lost here; check your rulebook.":
        "Wybór dowolnego przeciwnika i dodatkowa karta za lidera to zasady podręcznika dla 3 graczy. Początkowe "
        "zdrowie w grze król wzgórza dla 4–6 graczy (35) jest tylko w streszczeniu gracza, które zaznacza zasady "
        "domowe kolorem, tu utraconym; sprawdź w podręczniku.",
    "This {mode} table is only in a player's summary, which marks its house rules by colour, lost here; check "
    "your rulebook. (The official online rules reference has a {mode2} mode, but its table is not in our copy.)":
        "Ta tabela {mode} jest tylko w streszczeniu gracza, które zaznacza zasady domowe kolorem, tu utraconym; "
        "sprawdź w podręczniku. (Oficjalne zasady online mają tryb {mode2}, ale jego tabeli nie ma w naszej kopii.)",
    "{field} must list {low} to {high} numbers in seat order, separated by spaces or commas; got {n}.":
        "{field}: podaj zdrowie każdego gracza w kolejności miejsc, od {low} do {high} liczb rozdzielonych "
        "spacjami lub przecinkami (podano: {n}).",
    "Heroes facing the Boss: choose 2, 3 or 4 Heroes.": "Bohaterowie przeciw Bossowi: wybierz 2, 3 albo 4 bohaterów.",
    "Seat you Attack must not be your own seat: you cannot Attack yourself.":
        "Miejsce, które atakujesz: musi być inne niż twoje; nie możesz zaatakować siebie.",
    "{field} seat {n} has 0 Health: that player is defeated.": "{field}: miejsce {n} ma 0 zdrowia; ten gracz przegrał.",
    "{field} needs health: each player's Health in seat order.":
        "{field}: najpierw podaj zdrowie każdego gracza w kolejności miejsc.",
    "{field} is required: the die result, 1 to {n}.": "{field}: to pole jest wymagane; wynik kości, od 1 do {n}.",
}

# A form field's API name -> its Polish label, for {field} in an error the page shows.
FIELDS: dict[str, str] = {
    "roll":
        "Rzut", "health": "Zdrowie każdego gracza", "attacker": "Twoje miejsce", "target": "Miejsce, które atakujesz",
    "heroes": "Bohaterowie przeciw Bossowi", "mode": "Tryb gry", "ultimate": "Ten atak to zdolność specjalna",
    "table": "Na co rzucasz?", "side": "Który loot", "reward": "Nagroda w Dungeon Dice", "key": "Mam klucz",
    "experience": "Doświadczenie", "artifacts": "Posiadane kości Artifact", "red": "Trofea czerwone",
    "black": "Trofea czarne", "gold": "Trofea złote", "wounds": "Rany", "hero_total": "Suma walki bohaterów",
    "monster_total": "Suma walki potwora", "result": "Wynik", "scenario": "Scenariusz nr",
    "starting_salves": "Starting Salves w tej sesji", "remaining_salves": "Remaining Salves",
    "unspent_gold": "Unspent Gold", "unclaimed_boss_loot": "Karty Unclaimed Boss Loot",
    "scenario_score": "Scenario Score (karta Difficulty)", "explored_all": "Zbadano każdy kafel",
}

# Game terms and names kept in English on a Polish interface, with the reason.
_NO_PL = "a game term the Polish content has no word for (the Polish summary keeps it English too)"
KEEP: dict[str, str] = {
    **dict.fromkeys(["Dice Throne", "Dice Throne Adventures", "Dungeon Dice", "Throne Rules", "JSON"],
                    "a product name"),
    **dict.fromkeys(["1v1", "2v2", "3v3", "2v2v2"], "a mode's name, written the same in Polish"),
    **dict.fromkeys(["Protect", "Evasive", "Retribution", "Bounty", "Flight", "Shadows", "Targeted", "Wither"],
                    "a status effect's name: " + _NO_PL),
    **dict.fromkeys(["Boss vs Many", "(Boss vs Many)", "Loot", "Loot Chest", "Boss Loot", "(Adventures)",
                     "Portal Crawl", "Boss Battle", "Session Score", "Remaining Salves", "Unspent Gold", "Salves",
                     "Scenario Score", "Explored All tiles", "Starting Salves for next session", "Scenario #",
                     "Unclaimed Boss Loot cards", "Bonus Damage token", "Loot die", "Fame", "Potion",
                     "Treasure Chest", "Locked Chest", "Common", "Rare", "Epic", "Legendary"],
                    "a Dice Throne Adventures or Dungeon Dice term: " + _NO_PL),
    **dict.fromkeys(["Gunslinger", "Bullet", "Dash", "Bullseye"], "a hero's or a dice symbol's name: " + _NO_PL),
    **dict.fromkeys(["+N", "−N"], "a symbol"),
    "Scen.": "the same abbreviation in Polish (Scenariusz)",
}

SECTIONS: dict[str, dict[str, str]] = {
    "index": INDEX, "damage": DAMAGE, "targeting": TARGETING, "loot": LOOT, "score": SCORE, "fame": FAME, "odds": ODDS,
}


@cache
def calc_strings_json(name: str) -> str:
    """calc_strings(name) as the JSON a page carries, safe inside <script type="application/json">: the tables
    never change while the app runs, so each is written once, not on every page."""
    return json.dumps(calc_strings(name), ensure_ascii=False).replace("</", "<\\/")


def calc_strings(name: str) -> dict[str, Any]:
    """The table a calculator page carries (#calc-pl): the strings every calculator shows and its own."""
    exact = {**COMMON, **INDEX} if name == "index" else {**COMMON, **SECTIONS[name]}
    return {"exact": exact, "fields": FIELDS, "keep": KEEP, "labels": LABELS, "page_text": PAGE_TEXT}


def all_english() -> set[str]:
    """Every English string of the calculators' table (tests compare pages against it)."""
    out = set(COMMON)
    for table in SECTIONS.values():
        out |= set(table)
    return out
