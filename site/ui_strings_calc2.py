"""The calculators' interface in Polish, continued: loot, Adventures scoring, Dungeon Dice Fame
(English -> Polish; see ui_strings_calc.py for how the table is used). Dice Throne Adventures and Dungeon Dice
terms stay English: the Polish content has none (Loot die, Loot Chest, Boss Loot, Salves, Session Score, Fame,
Hero Level, Artifact, Equipment, Skeleton Key, Shatter, Chaos die)."""

from __future__ import annotations

LOOT: dict[str, str] = {
    "Loot calculator": "Kalkulator: Loot",
    "What are you rolling for?": "Na co rzucasz?",
    "King's Hand (Boss modes)": "King's Hand (tryby z Bossem)",
    "Adventures: Loot Chest or Boss Loot": "Adventures: Loot Chest albo Boss Loot",
    "Dungeon Dice reward": "Nagroda w Dungeon Dice",
    "Which loot": "Który loot",
    "The Loot die (d20)": "Loot die (d20)",
    "Roll (1–20)": "Rzut (1–20)",
    "For King's Hand, leave it empty and the server rolls for you.":
        "Przy King's Hand zostaw puste, a serwer rzuci za ciebie.",
    "Type the Loot die's result, or press “Roll for me”.": "Wpisz wynik Loot die albo naciśnij „Rzuć za mnie”.",
    "I have a key": "Mam klucz",
    # the player's own Loot board (static/js/calc/loot-board.js)
    "Your board's rows": "Wiersze twojej planszy",
    "Type the rows of your printed Loot board once, one a line, such as “1-4: 2 Gold”. They stay on this device; "
    "after that a roll names the reward.":
        "Wpisz raz wiersze swojej drukowanej planszy Loot, po jednym w linii, np. „1-4: 2 Gold”. Zostają na tym "
        "urządzeniu; potem rzut podaje nagrodę.",
    "Loot Chest side": "Strona Loot Chest",
    "Boss Loot side": "Strona Boss Loot",
    "Keep this board": "Zachowaj tę planszę",
    "Share the board as a link": "Udostępnij planszę jako link",
    "Saved on this device.": "Zapisano na tym urządzeniu.",
    "This browser did not keep the board (private mode?).": "Ta przeglądarka nie zapisała planszy (tryb prywatny?).",
    "A board from a link: keep it to use it on this device.":
        "Plansza z linku: zachowaj ją, aby używać jej na tym urządzeniu.",
    "Not read: {raw}.": "Nie odczytano: {raw}.",
    "Rolls on no row: {raw}.": "Rzuty bez wiersza: {raw}.",
    "Choose what you are rolling for.": "Wybierz, na co rzucasz.",
    "Enter the Loot die result, or press “Roll for me”.": "Wpisz wynik Loot die albo naciśnij „Rzuć za mnie”.",
    "Choose the reward.": "Wybierz nagrodę.",
    "Outcome": "Wynik",
    "Your reward": "Twoja nagroda",
    "Read your row on the printed board": "Odczytaj swój wiersz z wydrukowanej planszy",
    "Draw {n} from": "Dobierz {n} z",
    "Gain CP": "Zdobądź PW",
    "Force an opponent's re-roll, or gain a Roll Attempt": "Zmuś przeciwnika do przerzutu albo zyskaj Roll Attempt",
    "Change any one die": "Zmień jedną dowolną kość",
    "Loot die {r}: the {row} row, {name}.": "Loot die {r}: wiersz {row}, {name}.",
    "How much CP is not in any source this reference has: read the amount off the Boss leaflet (or the printed "
    "rules). This calculator never guesses it.":
        "Ilu PW, tego nie podaje żadne źródło tej pomocy: odczytaj liczbę z karty informacyjnej Bossa (albo "
        "z drukowanych zasad). Ten kalkulator nigdy jej nie zgaduje.",
    "Choose one: {a} Or: {b}": "Wybierz jedno: {a} Albo: {b}",
    "Force your opponent to re-roll one of their dice.": "Zmuś przeciwnika do przerzutu jednej z jego kości.",
    "Gain 1 additional Roll Attempt.": "Zyskaj 1 dodatkowy Roll Attempt.",
    "Change the value of any one die.": "Zmień wynik jednej dowolnej kości.",
    "Each King's Hand token is spent for one Loot die roll; the stack limit in these modes is {n}.":
        "Każdy żeton King's Hand wydaje się na jeden rzut Loot die; limit stosu w tych trybach to {n}.",
    "Cards cannot re-roll or change the Loot die unless they name the Loot die.":
        "Karty nie mogą przerzucić ani zmienić Loot die, chyba że wymieniają Loot die z nazwy.",
    "The amount gained is an icon missing from both copies of the rules (the Adventures rulebook and the online "
    "rules reference); read it from the printed rules or the Boss leaflet. Never guess it. Both copies show only an "
    "icon for the reward itself; this reference reads it as CP.":
        "Zyskana liczba to ikona, której brakuje w obu kopiach zasad (podręczniku Adventures i zasadach online); "
        "odczytaj ją z drukowanych zasad albo z karty informacyjnej Bossa. Nigdy jej nie zgaduj. Obie kopie "
        "pokazują samą nagrodę tylko jako ikonę; ta pomoc czyta ją jako PW.",
    "{reward}: draw {n} random die from the {bag}.": "{reward}: dobierz {n} losową kość: {bag}.",
    "blue Equipment bag": "niebieski worek Equipment",
    "yellow Artifact bag": "żółty worek Artifact",
    "red One-Use bag": "czerwony worek One-Use",
    "black Encounter bag": "czarny worek Encounter",
    "green bag": "zielony worek",
    "Equipment bag": "worek Equipment",
    "Artifact bag": "worek Artifact",
    "One-Use bag": "worek One-Use",
    "Encounter bag": "worek Encounter",
    "With a key the locked chest opens and gives the {a}; without one, the {b}. You have no key.":
        "Z kluczem zamknięta skrzynia się otwiera i daje: {a}; bez klucza: {b}. Nie masz klucza.",
    "With a key the locked chest opens and gives the {a}; without one, the {b}. You have a key.":
        "Z kluczem zamknięta skrzynia się otwiera i daje: {a}; bez klucza: {b}. Masz klucz.",
    "No key? A Skeleton Key (an Equipment die) is rolled once for each locked chest: its symbol opens the chest, "
    "and inactive players may roll theirs to help.":
        "Nie masz klucza? Skeleton Key (kość Equipment) rzuca się raz na każdą zamkniętą skrzynię: jej symbol "
        "otwiera skrzynię, a nieaktywni gracze mogą pomóc, rzucając swoimi.",
    "Shatter (the hammer) breaks a locked chest open without a key: every player with a hammer equipped may roll "
    "once, and the reward goes to the active player.":
        "Shatter (młot) rozbija zamkniętą skrzynię bez klucza: każdy gracz z założonym młotem może rzucić raz, "
        "a nagroda trafia do gracza aktywnego.",
    "A 6 on a Monster Level die shows a potion too: it adds one die from the {bag} to the monster's reward.":
        "6 na kości Monster Level też pokazuje miksturę: dodaje do nagrody za potwora jedną kość ({bag}).",
    "Who rolls: every player, not only the one who found the chest, rolls their own Loot die (d20).":
        "Kto rzuca: każdy gracz, nie tylko ten, kto znalazł skrzynię, rzuca własną Loot die (d20).",
    "Find your roll on the relevant row of the printed Loot Table and take that reward: {list}.":
        "Znajdź swój wynik w odpowiednim wierszu wydrukowanej Loot Table i weź tę nagrodę: {list}.",
    "After every Boss Battle, won or lost, turn the board to its Boss Loot side. Once per chest shown under Boss "
    "Loot on the Scenario card, every player rolls their Loot die (d20).":
        "Po każdej Boss Battle, wygranej czy przegranej, odwróć planszę na stronę Boss Loot. Raz na każdą skrzynię "
        "pokazaną pod Boss Loot na karcie Scenario każdy gracz rzuca swoją Loot die (d20).",
    "Your roll on the Boss Loot side gives a rarity: take the top card of that Loot deck ({list}). Keep it, or "
    "discard it for 1 Scenario Point (unclaimed Boss Loot).":
        "Twój wynik na stronie Boss Loot daje rzadkość: weź wierzchnią kartę z tej talii Loot ({list}). Zatrzymaj "
        "ją albo odrzuć za 1 Scenario Point (nieodebrany Boss Loot).",
    "Cards and abilities cannot re-roll or change the Loot die result, even if they say 'any dice', unless they "
    "specifically mention the Loot die.":
        "Karty i zdolności nie mogą przerzucić ani zmienić wyniku Loot die, nawet jeśli mówią o „dowolnych "
        "kościach”, chyba że wprost wymieniają Loot die.",
    "A card of a lower level than one already in your deck goes to the bottom of its Loot deck, and you draw a "
    "replacement from the top, as often as needed.":
        "Karta niższego poziomu niż ta, którą już masz w talii, trafia na spód swojej talii Loot, a ty dobierasz "
        "zamiennik z wierzchu, tyle razy, ile trzeba.",
    "If a Loot deck runs out, draw from the deck of the next higher rarity (Common, Rare, Epic, Legendary).":
        "Gdy talia Loot się skończy, dobieraj z talii o następnej wyższej rzadkości (Common, Rare, Epic, Legendary).",
    # the data's notes as worded since bb5da9b (content/data/adventures-loot-rewards.yaml)
    "This reference does not list which Loot die results give which rarity on the Boss Loot side. Read it off the "
    "board.":
        "Ta pomoc nie podaje, które wyniki Loot die dają którą rzadkość na stronie Boss Loot. Odczytaj to z planszy.",
    "This reference does not list the per-roll rows of the printed Loot Table (the rulebook text only says to "
    "compare the roll with the relevant row). Read them off the Loot Table board.":
        "Ta pomoc nie podaje wierszy wydrukowanej Loot Table dla poszczególnych wyników (podręcznik mówi tylko, by "
        "porównać wynik z odpowiednim wierszem). Odczytaj je z planszy Loot Table.",
    "Which Loot die results give which rarity on the Boss Loot side is not in the sources. Read it off the board.":
        "Tego, które wyniki Loot die dają którą rzadkość na stronie Boss Loot, nie ma w źródłach. Odczytaj to "
        "z planszy.",
    "The per-roll rows of the printed Loot Table are not in the sources (the rulebook only says to compare the "
    "roll with the relevant row). Read them off the Loot Table board.":
        "Wierszy wydrukowanej Loot Table dla poszczególnych wyników nie ma w źródłach (podręcznik mówi tylko, by "
        "porównać wynik z odpowiednim wierszem). Odczytaj je z planszy Loot Table.",
    "The per-roll rows are not in the sources: read them off the board.":
        "Wierszy dla poszczególnych wyników nie ma w źródłach: odczytaj je z planszy.",
    "The reward types": "Rodzaje nagród",
    "Draw cards": "Dobierz karty",
    "Gain Health": "Zyskaj zdrowie",
    "Gain Gold": "Zyskaj Gold",
    "Gain Unidentified Loot card": "Zyskaj kartę Unidentified Loot",
    "Take 1 matching Bonus Damage token; it adds the amount shown to an Attack (Attack Modifier). Stack limit 2: "
    "at the limit, replace a held token or discard the new one.":
        "Weź 1 pasujący żeton Bonus Damage; dodaje pokazaną wartość do ataku (modyfikator ataku). Limit stosu 2: "
        "przy limicie zastąp posiadany żeton albo odrzuć nowy.",
    "Increase your CP dial by the amount shown on the Loot Table.":
        "Zwiększ swój licznik punktów walki o wartość pokazaną w Loot Table.",
    "Draw the number of cards shown from your deck; above 6 cards, do not discard until your Discard Phase.":
        "Dobierz pokazaną liczbę kart ze swojej talii; mając ponad 6 kart, nie odrzucaj aż do swojej Discard Phase.",
    "Increase your Health dial by the amount shown.": "Zwiększ swój licznik zdrowia o pokazaną wartość.",
    "Increase the team's Gold dial by the amount shown.": "Zwiększ licznik Gold drużyny o pokazaną wartość.",
    "Take the top card of the Common/Rare/Epic/Legendary Loot deck shown and, unseen, tuck it face down under the "
    "matching column of your Hero board (left to right: Common, Rare, Epic, Legendary).":
        "Weź wierzchnią kartę z pokazanej talii Loot (Common/Rare/Epic/Legendary) i, nie oglądając jej, wsuń ją "
        "zakrytą pod pasującą kolumnę swojej planszy bohatera (od lewej: Common, Rare, Epic, Legendary).",
    "In a campaign the stack limit is infinite and each spent token rolls 1 Chaos die against the Scenario card's "
    "successful roll values (entry kings-hand).":
        "W kampanii limit stosu jest nieskończony, a każdy wydany żeton to rzut 1 Chaos die porównany z udanymi "
        "wynikami z karty Scenario (wpis kings-hand).",
    "{field} is required: the Loot die result, 1 to {n}.":
        "{field}: to pole jest wymagane; wynik Loot die, od 1 do {n}.",
}

SCORE: dict[str, str] = {
    "This session is already in the log.": "Ta sesja jest już w dzienniku.",
    "Adventures scoring calculator": "Kalkulator: punktacja Adventures",
    "Adventures scoring": "Punktacja Adventures",
    "Fill in the end of a Portal Crawl or Boss Battle: the Session Score, and how many Salves the next session "
    "starts with.":
        "Uzupełnij koniec Portal Crawl albo Boss Battle: Session Score i to, z iloma Salves zaczyna się następna "
        "sesja.",
    "The session": "Sesja",
    "Scenario type": "Rodzaj scenariusza",
    "Won": "Wygrana",
    "Lost": "Przegrana",
    "(for the log)": "(do dziennika)",
    "Starting Salves this session": "Starting Salves w tej sesji",
    "Scenario Score (Difficulty card)": "Scenario Score (karta Difficulty)",
    "Explored every tile": "Zbadano każdy kafel",
    "Without JavaScript every field shows: the ones that do not apply to your scenario type and result are not "
    "counted.":
        "Bez JavaScriptu widać wszystkie pola: te, które nie dotyczą twojego rodzaju scenariusza i wyniku, nie są "
        "liczone.",
    "Fill in the session to see its score.": "Uzupełnij sesję, aby zobaczyć jej wynik.",
    "Campaign log": "Dziennik kampanii",
    "Kept in this browser only. The campaign score is the sum of every Session Score, won and lost.":
        "Przechowywany tylko w tej przeglądarce. Wynik kampanii to suma wszystkich Session Score, wygranych "
        "i przegranych.",
    "Add this session to the log": "Dodaj tę sesję do dziennika",
    "Sessions in the log": "Sesje w dzienniku",
    "Sessions in the campaign log": "Sesje w dzienniku kampanii",
    "Scenario number": "Numer scenariusza",
    "Type": "Rodzaj",
    "Score": "Wynik",
    "Starting Salves for the next session": "Starting Salves na następną sesję",
    "Remove": "Usuń",
    "No sessions yet.": "Nie ma jeszcze sesji.",
    "Campaign score": "Wynik kampanii",
    "Export the log (JSON)": "Eksportuj dziennik (JSON)",
    "Import a log (JSON)": "Importuj dziennik (JSON)",
    "Clear the log": "Wyczyść dziennik",
    "Starting Salves next session": "Starting Salves w następnej sesji",
    "Scoring lines": "Wiersze punktacji",
    "Line": "Wiersz",
    "What": "Co",
    "Points": "Punkty",
    "{name} ({each} per {per})": "{name} ({each} za {per})",
    "Session Score (a loss)": "Session Score (przegrana)",
    "Next session starts with this session's Starting Salves plus {n}: {a} + {b} = {c}. Salves left over are not "
    "added.":
        "Następna sesja zaczyna się ze Starting Salves tej sesji plus {n}: {a} + {b} = {c}. Pozostałych Salves "
        "się nie dolicza.",
    "{line} only scores in {modes}: not counted.": "{line} liczy się tylko w: {modes}; tu się nie liczy.",
    "The Session Score is the total of the point lines; Remaining Salves also carry over as the next session's "
    "Starting Salves ({n}).":
        "Session Score to suma wierszy punktów; Remaining Salves przechodzą też na następną sesję jako jej Starting "
        "Salves ({n}).",
    "Session Score: {s} · next Salves: {n}": "Session Score: {s} · następne Salves: {n}",
    "The saved campaign log could not be read; it is left as it was. Export is disabled until it is cleared.":
        "Nie udało się odczytać zapisanego dziennika kampanii; zostaje bez zmian. Eksport jest wyłączony, dopóki "
        "go nie wyczyścisz.",
    "Remove session {n}": "Usuń sesję {n}",
    "Session {n} removed.": "Usunięto sesję {n}.",
    "Session added: {n} points.": "Dodano sesję: {n} pkt.",
    "Exported {n} session(s) as campaign-log.json.": "Wyeksportowano sesje ({n}) jako campaign-log.json.",
    "Not imported: the file is not valid JSON. Your log is unchanged.":
        "Nie zaimportowano: plik nie jest poprawnym JSON-em. Twój dziennik się nie zmienił.",
    "Not imported: the file has errors. Your log is unchanged.":
        "Nie zaimportowano: plik zawiera błędy. Twój dziennik się nie zmienił.",
    "Not imported: the log would hold more than {n} sessions. Your log is unchanged.":
        "Nie zaimportowano: dziennik miałby więcej niż {n} sesji. Twój dziennik się nie zmienił.",
    "Imported {n} session(s).": "Zaimportowano sesje: {n}.",
    "Imported {n} session(s); {m} already in the log.": "Zaimportowano sesje: {n}; {m} już było w dzienniku.",
    "Not imported: the file could not be read. Your log is unchanged.":
        "Nie zaimportowano: nie udało się odczytać pliku. Twój dziennik się nie zmienił.",
    "Clear the whole campaign log? Export it first if you want to keep it.":
        "Wyczyścić cały dziennik kampanii? Jeśli chcesz go zachować, najpierw go wyeksportuj.",
    "The campaign log is cleared.": "Dziennik kampanii wyczyszczony.",
    # an imported file's problems, one per line ({where} is the place in the file, left as it is)
    "{where}: not a JSON object": "{where}: to nie jest obiekt JSON",
    "{where}: must be \"{v}\" (a log exported from this page)":
        "{where}: musi być \"{v}\" (dziennik wyeksportowany z tej strony)",
    "{where}: must be {v}": "{where}: musi być {v}",
    "{where}: must be a list": "{where}: musi być listą",
    "{where}: at most {n} sessions": "{where}: najwyżej {n} sesji",
    "{where}: must be an object": "{where}: musi być obiektem",
    "{where}: must be a short id": "{where}: musi być krótkim identyfikatorem",
    "{where}: appears twice": "{where}: występuje dwa razy",
    "{where}: must be one of {list}": "{where}: musi być jednym z: {list}",
    "{where}: must be a whole number": "{where}: musi być liczbą całkowitą",
    "{where}: a lost session scores {n}": "{where}: przegrana sesja daje {n}",
    "{where}: a won session scores 0 to 9999": "{where}: wygrana sesja daje od 0 do 9999",
    "{where}: must be a whole number from 0": "{where}: musi być liczbą całkowitą od 0",
    "{where}: must be empty or a whole number from 1 to 999": "{where}: musi być puste albo liczbą od 1 do 999",
    "{where}: must be a date text": "{where}: musi być datą (tekstem)",
}

FAME: dict[str, str] = {
    "Dungeon Dice Fame and combat calculator": "Dungeon Dice: kalkulator Fame i walki",
    "Fame and combat": "Fame i walka",
    "Dungeon Dice: Fame and combat": "Dungeon Dice: Fame i walka",
    "The first to {n} Fame wins.": "Wygrywa ten, kto pierwszy zdobędzie {n} Fame.",
    "Your Fame": "Twoja Fame",
    "Experience": "Doświadczenie",
    "Artifact dice held": "Posiadane kości Artifact",
    "Red trophies": "Trofea czerwone",
    "Black trophies": "Trofea czarne",
    "Gold trophies": "Trofea złote",
    "Wounds": "Rany",
    "A combat": "Walka",
    "Heroes' combat total": "Suma walki bohaterów",
    "Monster's combat total": "Suma walki potwora",
    "The active player's combat dice plus the assistant's, against the monster's level dice.":
        "Kości walki gracza aktywnego plus pomocnika, przeciw kościom poziomu potwora.",
    "Fill in your Fame, or a combat's totals.": "Uzupełnij swoją Fame albo sumy walki.",
    "Enter both combat totals.": "Wpisz obie sumy walki.",
    "Winner!": "Zwycięstwo!",
    "not yet {n}": "jeszcze nie {n}",
    "Hero Level dice": "Kości Hero Level",
    "; to roll now": "; do rzutu teraz",
    "Where the Fame comes from": "Skąd pochodzi Fame",
    "Source": "Źródło",
    "Count": "Liczba",
    "Reach {n} experience": "Osiągnij {n} doświadczenia",
    "Each Artifact die in your possession": "Każda posiadana kość Artifact",
    "Red monster trophy": "Czerwone trofeum potwora",
    "Black monster trophy": "Czarne trofeum potwora",
    "Gold monster trophy": "Złote trofeum potwora",
    "{n} Fame: that wins the game.": "{n} Fame: to wygrywa grę.",
    "{n} Fame: {m} more to reach {k}.": "{n} Fame: brakuje {m} do {k}.",
    "Reaching {n} experience is worth 1 Fame, once.": "Osiągnięcie {n} doświadczenia daje 1 Fame, jednorazowo.",
    "{n} experience: {d} Hero Level dice.": "{n} doświadczenia: kości Hero Level: {d}.",
    "{n} experience: {d} Hero Level die.": "{n} doświadczenia: kości Hero Level: {d}.",
    "{n} wounds: each sets aside one Hero Level die until healed, so you roll {m}.":
        "Rany: {n}; każda odkłada jedną kość Hero Level do wyleczenia, więc rzucasz {m}.",
    "{n} wound: each sets aside one Hero Level die until healed, so you roll {m}.":
        "Rany: {n}; każda odkłada jedną kość Hero Level do wyleczenia, więc rzucasz {m}.",
    "A monster turned into a toad awards no more than 1 Fame; trophies and Artifacts can be traded.":
        "Potwór zamieniony w ropuchę daje najwyżej 1 Fame; trofea i Artifacts można wymieniać.",
    "Players who reach {n} Fame at the same time settle it with a victory duel.":
        "Gracze, którzy zdobędą {n} Fame w tej samej chwili, rozstrzygają to pojedynkiem (victory duel).",
    "Combat": "Walka",
    "Heroes win": "Bohaterowie wygrywają",
    "Heroes lose": "Bohaterowie przegrywają",
    "Tie: heroes win, with a wound": "Remis: bohaterowie wygrywają, z raną",
    "The heroes' {h} beats the monster's {m}: a win.": "Bohaterowie mają {h}, potwór {m}: wygrana.",
    "The heroes' {h} is below the monster's {m}: a loss.": "Bohaterowie mają {h}, mniej niż potwór ({m}): przegrana.",
    "{h} against {m} is a tie, and a tie goes to the heroes: a win with a wound.":
        "{h} przeciw {m} to remis, a remis wygrywają bohaterowie: wygrana z raną.",
    "Each hero in the combat gains {n} experience and suffers {m} wound.":
        "Każdy bohater w walce zyskuje doświadczenie ({n}) i odnosi rany ({m}).",
    "Each hero in the combat gains {n} experience.": "Każdy bohater w walce zyskuje doświadczenie ({n}).",
    "Each hero in the combat suffers {m} wound.": "Każdy bohater w walce odnosi rany ({m}).",
    "The reward goes to the active player, unless the players agreed otherwise.":
        "Nagroda trafia do gracza aktywnego, chyba że gracze umówili się inaczej.",
    "Fame: {n} (winner!)": "Fame: {n} (zwycięstwo!)",
    "Fame: {n}": "Fame: {n}",
    "Unknown trophy colour '{raw}'. Use: {ids}.": "Nieznany kolor trofeum „{raw}”. Użyj: {ids}.",
}

# A form field's API name -> its English label, for the field named in an error the page shows (the JSON APIs keep
# the API name; site/views/calc_common.page_error and static/js/calc/form.js put the label in its place).
LABELS: dict[str, str] = {
    "mode": "Game mode", "roll": "Roll", "heroes": "Heroes facing the Boss", "ultimate": "This Attack is an Ultimate",
    "health": "Each player's Health", "attacker": "Your seat", "target": "Seat you Attack",
    "table": "What you are rolling for", "side": "Which loot", "reward": "Dungeon Dice reward", "key": "I have a key",
    "experience": "Experience", "artifacts": "Artifact dice held", "red": "Red trophies", "black": "Black trophies",
    "gold": "Gold trophies", "wounds": "Wounds", "hero_total": "Heroes' combat total",
    "monster_total": "Monster's combat total", "result": "Result", "scenario": "Scenario #",
    "starting_salves": "Starting Salves this session", "remaining_salves": "Remaining Salves",
    "unspent_gold": "Unspent Gold", "unclaimed_boss_loot": "Unclaimed Boss Loot cards",
    "scenario_score": "Scenario Score (Difficulty card)", "explored_all": "Explored every tile",
}
# Error texts that name a second field, as the page says them (the same in form.js).
PAGE_TEXT: dict[str, str] = {
    "target must be another seat than attacker: you cannot Attack yourself.":
        "Seat you Attack must not be your own seat: you cannot Attack yourself.",
    "heroes is required: a whole number from 2 to 4.": "Heroes facing the Boss: choose 2, 3 or 4 Heroes.",
}
