## The lessons (`mancala learn`, /learn): their texts and the explanations of a judged move.
## Pits are named by their letters (A-F / a-f, A-H / a-h in Isolo) in every language.

## A judged move.
learn-right = Right: { $move }.
learn-right-captured = Right: { $move } captures { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}.
learn-right-forbidden = Right: { $move } is not allowed ({ $reason }).
learn-why-not-a-move = { $move } is not a move here.
learn-why-refused = { $move } is not allowed: { $reason }.
learn-why-allowed = { $move } is allowed by the rules. Find the move they forbid.
learn-why-other-reason = { $move } is not allowed, but for another reason: { $reason }.
learn-why-capture = { $move } captures { $got ->
    [0] nothing
    [one] { $got } seed
   *[other] { $got } seeds
}; the task asks for { $want }.
learn-why-capture-pits = { $move } captures { $got ->
    [0] nothing
    [one] from { $got } pit
   *[other] from { $got } pits
}; the task asks for { $want } pits.
learn-why-last-pit = The last seed of { $move } falls into { $got }, not into { $want }.
learn-why-laps = { $move } sows { $got ->
    [one] { $got } lap
   *[other] { $got } laps
}; the task asks for at least { $want }.
learn-why-not-empty = The last lap of { $move } ends in { $pit }, which was not empty.
learn-why-feed = After { $move } your opponent's row holds { $got ->
    [one] { $got } seed
   *[other] { $got } seeds
}; the task asks for at least { $want }.
learn-why-no-grand-slam = { $move } does not take every seed of your opponent's row.
learn-why-no-extra-turn = { $move } does not give you another turn.
learn-why-fours-me = { $move } wins you { $got ->
    [0] no four
    [one] { $got } four
   *[other] { $got } fours
}; the task asks for { $want }.
learn-why-fours-me-sowing = { $move } wins you { $got ->
    [0] no four
    [one] { $got } four
   *[other] { $got } fours
} while sowing; the task asks for { $want }.
learn-why-fours-me-end = { $move } wins you { $got ->
    [0] no four
    [one] { $got } four
   *[other] { $got } fours
} with a lap's last seed; the task asks for { $want }.
learn-why-fours-opponent = { $move } gives your opponent { $got ->
    [0] no four
    [one] { $got } four
   *[other] { $got } fours
}; the task asks for { $want }.
learn-why-fours-opponent-sowing = { $move } gives your opponent { $got ->
    [0] no four
    [one] { $got } four
   *[other] { $got } fours
} while sowing; the task asks for { $want }.
learn-why-fours-opponent-end = { $move } gives your opponent { $got ->
    [0] no four
    [one] { $got } four
   *[other] { $got } fours
} with a lap's last seed; the task asks for { $want }.
learn-why-pits = After { $move } you would own { $got } pits; the task asks for at least { $want }.
learn-why-round-goes-on = { $move } does not end the round.
learn-why-game-goes-on = { $move } does not end the game.
learn-why-other-end = { $move } ends the game, but not as the task asks: { $reason }.
learn-why-foregame-goes-on = { $move } does not empty your opponent's row: the foregame goes on.
learn-why-no-singleton = { $move } does not capture a single seed from an end pit or the one next to it.
learn-why-too-many-seeds = You placed { $placed } seeds; the task allows at most { $max }.
learn-why-no-follow-up = After this set-up none of your first moves does what the task asks.
learn-why-refuted = { $captured ->
    [0] After { $move }
    [one] { $move } captures { $captured } seed, but
   *[other] { $move } captures { $captured } seeds, but
} { $side } answers { $reply }{ $reply_captured ->
    [0] {""}
    [one] {" "}and captures { $reply_captured } seed
   *[other] {" "}and captures { $reply_captured } seeds
}. There is a better move.
learn-why-not-best = { $move } is not the best move here.

## The lessons: each game, its stages (title and the idea they teach) and their steps (task,
## hint, and the explanation shown once the step is solved).

learn-mistakes-title = Common mistakes
learn-mistakes-intro = Positions from real games where a tempting move goes wrong. Find the only good move; a wrong one is answered as a strong player would.
learn-mistakes-task = Find the only good move here.
learn-mistake-greedy = The most seeds now is not the best move: look at what your opponent takes back, or at the move that wins later.
learn-mistake-greedy-hint = Before you capture, look at your opponent's answer.
learn-mistake-kroo = A big pit (a kroo) changes everything: count where all its seeds go before you play it, or before you leave it.
learn-mistake-kroo-hint = Count where your biggest pit's seeds would go, and what is left for your opponent afterwards.
learn-mistake-feeding = When a row is empty the other player must feed it: feed so that your opponent's answers cannot hurt you.
learn-mistake-feeding-hint = Every move here feeds; look at what your opponent can do with the seeds you give him.
learn-mistake-relay = A long relay is hard to read: follow it lap by lap before you choose, and look at where it leaves the seeds.
learn-mistake-relay-hint = Follow each move lap by lap to its end.
learn-mistake-owner = In Ba-awa, look at whose pits your seeds pass: a four made in your opponent's pit is his, and a player with no seeds in his pits passes.
learn-mistake-owner-hint = Count the fours each move gives, and to whom.
learn-mistake-resow = In Isolo captured seeds are sown again: the move that captures little at first may go on far longer.
learn-mistake-resow-hint = Follow the captures: where are the captured seeds sown, and what do they capture then?

## The Oware family's shared stages (Oware, Abapa, Wuri, Ouril, Awari).
learn-oware-family-sowing-title = Sowing
learn-oware-family-sowing-intro = Take all the seeds of one of your pits and sow them one by one, counter-clockwise: along your row to the right, then on along your opponent's row.
learn-oware-family-sowing-where-task = Every pit holds 4 seeds. Sow so that your last seed falls into North's pit b.
learn-oware-family-sowing-where-hint = Four seeds go into the next four pits. North's row begins with a, the pit facing your F.
learn-oware-family-sowing-where-explain = D's four seeds go into E, F, a and b: sowing goes counter-clockwise, to the right along your row and on into North's row from a to f.
learn-oware-family-sowing-north-task = Now you play North, the top row, lettered a to f from his left. Make your last seed fall into South's pit A.
learn-oware-family-sowing-north-hint = For North, South's A comes after f. Which pit is four pits before A?
learn-oware-family-sowing-north-explain = c's four seeds go into d, e, f and A. Each row is lettered from its owner's left, so a faces F and f faces A.
learn-oware-family-sowing-kroo-task = A holds 12 seeds. Make your last seed fall into your own pit B.
learn-oware-family-sowing-kroo-hint = Twelve seeds go all the way round the board, and the pit you emptied is skipped.
learn-oware-family-sowing-kroo-explain = A's seeds fill B to f, 11 pits; the 12th would fall into A, but the pit you emptied is always skipped, so it falls into B. A pit of 12 seeds or more is called a kroo.
learn-oware-family-capture-title = Capturing
learn-oware-family-capture-intro = When your last seed makes 2 or 3 in one of your opponent's pits, you capture them, and the pits before it that hold 2 or 3 as well.
learn-oware-family-capture-two-or-three-task = Capture: make your last seed fall into one of North's pits that then holds 2 or 3 seeds.
learn-oware-family-capture-two-or-three-hint = North's a holds 1 seed and d holds 2: one more seed makes 2 or 3.
learn-oware-family-capture-two-or-three-explain = The seeds are yours when your last seed makes 2 or 3 in an opponent's pit: D ends in a (1 + 1 = 2), E in d (2 + 1 = 3).
learn-oware-family-capture-chain-task = Capture from at least three of North's pits in one move.
learn-oware-family-capture-chain-hint = After a capture, the pit before it is captured too if it holds 2 or 3, and so on. Look for a long sowing into North's row.
learn-oware-family-capture-chain-explain = E's last seed makes 3 in e. d, c, b and a before it now hold 2 or 3 as well: they are all captured. The chain runs backwards, clockwise, while the pits hold 2 or 3, and never into your own row.
learn-oware-family-capture-chain-stops-task = Capture at least 3 seeds.
learn-oware-family-capture-chain-stops-hint = D's capture takes only 2. Where does E's last seed fall, and what does the pit before it hold then?
learn-oware-family-capture-chain-stops-explain = E's last seed makes 3 in d: captured. The chain would go on to c, but c now holds 4: a chain stops at the first pit holding 0, 1, or 4 or more.
learn-oware-family-capture-kroo-task = A holds 19 seeds. Capture at least 7 seeds.
learn-oware-family-capture-kroo-hint = Count round the board: A's seeds pass A, which is skipped, and reach North's row a second time.
learn-oware-family-capture-kroo-explain = A sows B to f, skips A, then B to F and a, b, c: the last seed falls into c. c, b and a then hold 2, 3 and 2: 7 seeds. A stays empty.
learn-oware-family-feeding-title = Feeding
learn-oware-family-feeding-intro = When your opponent has no seeds left, you must give him some: a move that does not reach his row is not allowed if another one does.
learn-oware-family-feeding-must-feed-task = North has no seed left. One of your moves is not allowed: which one, and why?
learn-oware-family-feeding-must-feed-hint = Which of your pits cannot reach North's row?
learn-oware-family-feeding-must-feed-explain = A's 3 seeds stop at D and leave North with nothing. When your opponent's row is empty, you must give him seeds if you can.
learn-oware-family-feeding-feed-more-task = North's row is empty. Feed him at least 3 seeds.
learn-oware-family-feeding-feed-more-hint = The further right a pit is, the fewer seeds it needs to reach North.
learn-oware-family-feeding-feed-more-explain = E sows F, a, b and c: three seeds for North. D would give him only one, and C, which cannot reach him, is not allowed.
learn-oware-family-feeding-kroo-task = Give North at least 6 seeds.
learn-oware-family-feeding-kroo-hint = E holds 12 seeds: where do they all go?
learn-oware-family-feeding-kroo-explain = E's 12 seeds go all the way round: one into each of North's six pits, and the last into F, as E is skipped. A big pit feeds the whole row.

## Oware and Abapa.
learn-oware-title = Oware and Abapa
learn-oware-intro = Oware as the Oware app describes it, and Abapa, the international rules: sowing, capturing and feeding, then the grand slam of each and the end of the game.
learn-oware-grand-slam-title = The grand slam
learn-oware-grand-slam-intro = A capture that would take every seed of your opponent's row is a grand slam. Oware forbids it; in Abapa it may be played but captures nothing.
learn-oware-grand-slam-forbidden-task = In Oware one of your moves would capture every seed of North's row. That move is not allowed: which is it?
learn-oware-grand-slam-forbidden-hint = North has 1, 1 and 2 seeds in a, b and c. Which pit's last seed falls into c?
learn-oware-grand-slam-forbidden-explain = F would make a, b and c hold 2, 2 and 3 and capture them all: a grand slam. Oware forbids it while you have another move; if every move you had were a grand slam, you would have to play one, and you would lose at once.
learn-oware-grand-slam-capture-instead-task = Capture at least 2 seeds, and leave North the rest.
learn-oware-grand-slam-capture-instead-hint = A capture that stops short of c leaves North seeds.
learn-oware-grand-slam-capture-instead-explain = D's last seed makes 2 in a: you capture them, and b and c are left to North.
learn-oware-grand-slam-abapa-task = Under the Abapa rules the same grand slam may be played. Play it and see what it captures.
learn-oware-grand-slam-abapa-hint = It is the move whose last seed falls into c.
learn-oware-grand-slam-abapa-explain = F is allowed in Abapa, but a grand slam captures nothing: the seeds stay in North's row.
learn-oware-grand-slam-abapa-capture-task = A grand slam captures nothing here. Capture at least 5 seeds.
learn-oware-grand-slam-abapa-capture-hint = The move that reaches c would take everything, and so captures nothing.
learn-oware-grand-slam-abapa-capture-explain = E's last seed makes 3 in b, and a holds 2: 5 seeds, and c keeps its seed, so this is no grand slam. F would take every seed, and so would capture nothing.
learn-oware-end-title = The end of the game
learn-oware-end-intro = A player with 25 seeds or more wins at once. A position that comes back ends the game, and so does a player who cannot move.
learn-oware-end-twenty-five-task = You have 22 seeds. Win the game now.
learn-oware-end-twenty-five-hint = 25 seeds, more than half of the 48, win at once.
learn-oware-end-twenty-five-explain = E captures 3: 25 seeds, more than half of the 48, and you win at once.
learn-oware-end-repetition-task = The moves so far are in the list. One of your moves brings back a position seen before: play it, and the game ends.
learn-oware-end-repetition-hint = At the start of the list your seed was in E, North's in a and e, and North was to move.
learn-oware-end-repetition-explain = After F the board is as it was at the start, with the same scores and North to move. The first time a position comes back the game ends, and each player adds the seeds of his own row to his score.
learn-oware-end-cannot-feed-task = North's row is empty again. Which move is not allowed?
learn-oware-end-cannot-feed-hint = A's seeds stop at D.
learn-oware-end-cannot-feed-explain = A cannot feed North, so only D is allowed. If no move could feed him, the game would end: in Oware the seeds left on the board are not counted and the higher score wins; in Abapa each player takes the seeds of his own row.
learn-oware-practice-ending = An ending where you lead 23 to 13: play it out against the computer, and win.
learn-oware-practice-whole-game = A whole game of Abapa against the computer at its easiest level: win it.

## Wuri.
learn-wuri-title = Wuri
learn-wuri-intro = Wuri: sowing, capturing and feeding, a grand slam that captures nothing, and the end of the game.
learn-wuri-grand-slam-title = The grand slam
learn-wuri-grand-slam-intro = A capture that would take every seed of your opponent's row is a grand slam. In Wuri it may be played, but it captures nothing.
learn-wuri-grand-slam-nothing-task = One move would take every seed of North's row. Play it and see what it captures.
learn-wuri-grand-slam-nothing-hint = North has 1, 1 and 2 seeds in a, b and c. Which pit's last seed falls into c?
learn-wuri-grand-slam-nothing-explain = F makes a, b and c hold 2, 2 and 3: all of North's seeds. So nothing is captured: in Wuri a grand slam captures nothing.
learn-wuri-grand-slam-capture-instead-task = Capture at least 2 seeds.
learn-wuri-grand-slam-capture-instead-hint = A capture that leaves North seeds counts.
learn-wuri-grand-slam-capture-instead-explain = D captures the 2 seeds of a; b and c stay with North, so the capture counts.
learn-wuri-end-cannot-feed-task = North's row is empty. Which move is not allowed?
learn-wuri-end-cannot-feed-hint = A's seeds stop at D.
learn-wuri-end-cannot-feed-explain = A cannot feed North, so only D is allowed. If no move could feed him, the game would end and each player would take the seeds of his own row.
learn-wuri-practice-ending = An ending where you lead 23 to 13: play it out against the computer, and win.
learn-wuri-practice-whole-game = A whole game against the computer at its easiest level: win it.

## Ouril.
learn-ouril-title = Ouril
learn-ouril-intro = Ouril, as it is played in Cabo Verde: sowing, capturing and feeding, single seeds, the grand slam and its extra turn, and the end of the game.
learn-ouril-singletons-title = Single seeds
learn-ouril-singletons-intro = A pit holding a single seed may be played only when none of your pits holds two or more.
learn-ouril-singletons-not-yet-task = One of your moves is not allowed: which one, and why?
learn-ouril-singletons-not-yet-hint = Look at the pits holding a single seed.
learn-ouril-singletons-not-yet-explain = A and C hold a single seed while B holds 3: a single seed may be played only when no pit of yours holds two or more.
learn-ouril-singletons-only-singletons-task = Only single seeds are left, so now you may play them. Capture 2 seeds.
learn-ouril-singletons-only-singletons-hint = North's a holds a seed.
learn-ouril-singletons-only-singletons-explain = F's seed makes 2 in a: captured. North keeps his seed in c.
learn-ouril-singletons-feed-first-task = North's row is empty. Which move is not allowed?
learn-ouril-singletons-feed-first-hint = Feeding comes before the rule of single seeds.
learn-ouril-singletons-feed-first-explain = A's 2 seeds do not reach North. F holds a single seed, but it is the only move that feeds him: when your opponent's row is empty you feed him with a pit of two or more if one reaches him, otherwise with any pit that does.
learn-ouril-grand-slam-title = The grand slam and the extra turn
learn-ouril-grand-slam-intro = In Ouril a grand slam is captured, and you play again at once; that extra move must leave your opponent at least one seed.
learn-ouril-grand-slam-extra-turn-task = Capture every seed of North's row: then you play again.
learn-ouril-grand-slam-extra-turn-hint = North has 1, 1 and 2 seeds in a, b and c.
learn-ouril-grand-slam-extra-turn-explain = F captures c, b and a: 7 seeds, North's whole row. You move again straight away.
learn-ouril-grand-slam-feed-him-task = This is your extra turn after a grand slam. Which move is not allowed?
learn-ouril-grand-slam-feed-him-hint = The extra move must leave North a seed.
learn-ouril-grand-slam-feed-him-explain = A's seeds stay in your row and would leave North with nothing; D reaches a. The extra move must leave your opponent at least one seed.
learn-ouril-grand-slam-twenty-five-task = You have 18 seeds. Win at once.
learn-ouril-grand-slam-twenty-five-hint = A grand slam that brings you to 25 ends the game.
learn-ouril-grand-slam-twenty-five-explain = F's grand slam takes 7 seeds: 25, more than half, and you win at once. No extra turn is needed.
learn-ouril-end-no-extra-move-task = End the game now.
learn-ouril-end-no-extra-move-hint = After a grand slam you must play again and feed North. What if no move of yours can?
learn-ouril-end-no-extra-move-explain = After F's grand slam you play again and must feed North, but A's 2 seeds cannot reach him: the game ends, and each player takes the seeds of his own row. Here that makes 24 each: a draw.
learn-ouril-practice-ending = An ending where you lead 23 to 13: play it out against the computer, and win.
learn-ouril-practice-whole-game = A whole game against the computer at its easiest level: win it.

## Awari.
learn-awari-title = Awari
learn-awari-intro = Awari under the rules of its solution: sowing, capturing and feeding, no starving, and the end of the game with its endless cycles.
learn-awari-starving-title = Starving the opponent
learn-awari-starving-intro = A move that leaves your opponent with no seeds, by capturing them all or by not feeding his empty row, is not allowed if you have another move.
learn-awari-starving-take-all-task = One move would capture every seed North has. It is not allowed: which is it?
learn-awari-starving-take-all-hint = North has 1, 1 and 2 seeds in a, b and c. Which pit's last seed falls into c?
learn-awari-starving-take-all-explain = F would capture a, b and c: every seed North has. That is not allowed while another move leaves him seeds. If every move you had left him nothing, you would play one and its capture would count; then, with no seeds to move, he would leave every seed still on the board to you.
learn-awari-starving-leave-one-task = Capture at least 2 seeds, and leave North the rest.
learn-awari-starving-leave-one-hint = A capture that stops short of c leaves North seeds.
learn-awari-starving-leave-one-explain = D's last seed makes 2 in a: you capture them, and b and c are left to North.
learn-awari-starving-bigger-task = Capture at least 5 seeds.
learn-awari-starving-bigger-hint = The move that reaches c would take everything, and is not allowed.
learn-awari-starving-bigger-explain = E's last seed makes 3 in b, and a holds 2: 5 seeds, and c keeps its seed. F would take every seed and is not allowed.
learn-awari-end-title = The end of the game
learn-awari-end-intro = A player with 25 seeds or more wins at once. An endless cycle ends the game, and the seeds left are shared evenly.
learn-awari-end-twenty-five-task = You have 22 seeds. Win the game now.
learn-awari-end-twenty-five-hint = 25 seeds, more than half of the 48, win at once.
learn-awari-end-twenty-five-explain = E captures 3: 25 seeds, more than half of the 48, and you win at once.
learn-awari-end-cycle-task = The moves so far are in the list: the seeds go round and round. Bring back a position seen before to end the game.
learn-awari-end-cycle-hint = At the start of the list your seed was in E, North's in a and e, and North was to move.
learn-awari-end-cycle-explain = After F the position of the start comes back: the game ends and the 3 seeds on the board are shared evenly, 1.5 each. You win 24.5 to 23.5.
learn-awari-end-cycle-draw-task = Again the seeds go round. End the game by bringing back a position seen before.
learn-awari-end-cycle-draw-hint = At the start of the list your seeds were in E and F, North's in d and e, and North was to move.
learn-awari-end-cycle-draw-explain = After D the position of the start comes back. The 4 seeds on the board are shared, 2 each: 24 to 24, a draw.
learn-awari-practice-ending = An ending where you lead 23 to 13: play it out against the computer, and win.
learn-awari-practice-whole-game = A whole game against the computer at its easiest level: win it.

## Ọlọwuka.
learn-olowuka-title = Ọlọwuka
learn-olowuka-intro = Ọlọwuka, from Yoruba land: sowing in laps, captures at the end of the last lap and its grand slam, not starving your opponent, and the end of the game.
learn-olowuka-laps-title = Sowing in laps
learn-olowuka-laps-intro = Sow counter-clockwise through both rows. If a lap's last seed makes 4 or more in any pit, you take all its seeds and sow on: a relay. A last seed in an empty pit ends the move.
learn-olowuka-laps-relay-task = Make a move of at least two laps.
learn-olowuka-laps-relay-hint = Which of your moves ends in a pit that already holds 3?
learn-olowuka-laps-relay-explain = A's last seed makes 4 in C: you take them and sow on from D. That lap ends in North's a, which then holds 3: captured.
learn-olowuka-laps-ends-empty-task = Play a relay whose last lap ends in an empty pit.
learn-olowuka-laps-ends-empty-hint = A's three seeds reach D, which already holds 3.
learn-olowuka-laps-ends-empty-explain = A's last seed makes 4 in D: relay. D's 4 seeds go into E, F, a and b; b was empty, so the move ends there.
learn-olowuka-laps-own-row-task = Make your last seed fall into your own pit D.
learn-olowuka-laps-own-row-hint = D holds 1 seed. Count A's 3 seeds.
learn-olowuka-laps-own-row-explain = A's last seed makes 2 in D, one of your own pits: no capture and no relay, the move simply ends.
learn-olowuka-capture-title = Capturing
learn-olowuka-capture-intro = You capture only at the end of the last lap: 2 or 3 in one of your opponent's pits, and the pits before it that hold 2 or 3. A capture that would take every seed leaves him one pit.
learn-olowuka-capture-after-relay-task = Capture from two of North's pits, after a relay.
learn-olowuka-capture-after-relay-hint = A seed that makes 4 in North's row starts a relay too.
learn-olowuka-capture-after-relay-explain = A lap that ends in a pit of 4 or more goes on, even in North's row. Here the relay ends in e, which then holds 2, and d before it holds 2 as well: both are captured.
learn-olowuka-capture-grand-slam-task = One move would capture every seed of North's row. Find it and see what the rule leaves him.
learn-olowuka-capture-grand-slam-hint = Follow D's relay to its end.
learn-olowuka-capture-grand-slam-explain = D's relay ends in f, and the chain f, e, d, c, b, a would take North's whole row. So the chain's last pit, a, keeps its 2 seeds: you take the other 11.
learn-olowuka-capture-single-pit-task = North has one pit with seeds left. Find the move that would capture it, and see what happens.
learn-olowuka-capture-single-pit-hint = Which pit of yours reaches a?
learn-olowuka-capture-single-pit-explain = F makes 2 in a, but a holds all of North's seeds: when a capture would take a single pit holding everything, nothing is captured.
learn-olowuka-end-title = The end of the game
learn-olowuka-end-intro = You must not starve your opponent. A player with 25 seeds or more wins at once, and a position that comes back ends the game.
learn-olowuka-end-starve-task = North's row is empty. Which move is not allowed?
learn-olowuka-end-starve-hint = Which move leaves North with nothing?
learn-olowuka-end-starve-explain = A's seed stays in your row and leaves North nothing; F feeds him. You must not starve your opponent while another move leaves him seeds. If none did, any move would be allowed; then he could not move, the game would end, and each player would take the seeds of his own row.
learn-olowuka-end-twenty-five-task = You have 14 seeds. Win the game with one move.
learn-olowuka-end-twenty-five-hint = Follow D's relay.
learn-olowuka-end-twenty-five-explain = D's relay ends in f and its chain takes 11 seeds (a keeps its 2): 25 seeds, more than half, and you win.
learn-olowuka-practice-ending = An ending where you lead 20 to 4: play it out against the computer, and win.
learn-olowuka-practice-whole-game = A whole game against the computer at its easiest level: win it.

## Ba-awa.
learn-ba-awa-title = Ba-awa
learn-ba-awa-intro = Ba-awa, from Ghana: sowing in laps, fours captured while sowing, rounds that change who owns the pits, and the match.
learn-ba-awa-laps-title = Sowing in laps
learn-ba-awa-laps-intro = Sow from a pit you own. If a lap's last seed falls into a pit that was not empty (and does not make 4), take all its seeds and sow on: a relay. A last seed in an empty pit ends the move.
learn-ba-awa-laps-relay-task = Make a move of at least two laps.
learn-ba-awa-laps-relay-hint = A's seed falls into B, which holds 1.
learn-ba-awa-laps-relay-explain = A's seed makes 2 in B: you take them and sow on, into C and D, which then holds 3: again. The third lap ends in North's a, which was empty: the move ends.
learn-ba-awa-laps-ends-empty-task = Play a relay whose last lap ends in an empty pit.
learn-ba-awa-laps-ends-empty-hint = The moves from E and F end on a lap whose last seed makes 4.
learn-ba-awa-laps-ends-empty-explain = C relays until a lap ends in an empty pit. E and F end with a lap whose last seed makes 4 in c: those four are captured, and the move ends there.
learn-ba-awa-laps-pass-task = North has no seeds. Make a move after which he still has none: he passes, and you play again.
learn-ba-awa-laps-pass-hint = Which move keeps its seeds in your row?
learn-ba-awa-laps-pass-explain = B's seeds stop at D and North's pits stay empty: a player who owns no pit with seeds passes, and his opponent moves again.
learn-ba-awa-fours-title = Fours
learn-ba-awa-fours-intro = Whenever a seed makes a pit hold exactly 4, those 4 are captured: by the pit's owner if the sowing goes on, by the player sowing if it was the lap's last seed.
learn-ba-awa-fours-last-seed-task = Capture a four with a lap's last seed.
learn-ba-awa-fours-last-seed-hint = E holds 3. Which move ends there?
learn-ba-awa-fours-last-seed-explain = B's last seed makes 4 in E: you capture them, and the move ends.
learn-ba-awa-fours-while-sowing-task = Win a four while sowing, in the middle of a lap.
learn-ba-awa-fours-while-sowing-hint = B holds 3, and it is your pit.
learn-ba-awa-fours-while-sowing-explain = A's first seed makes 4 in B, your pit: you take them at once, and the sowing goes on into C.
learn-ba-awa-fours-his-four-task = Which move makes a four in one of North's pits while sowing? Play it and see who takes it.
learn-ba-awa-fours-his-four-hint = North's a holds 3.
learn-ba-awa-fours-his-four-explain = E's second seed makes 4 in a: those four go to North, the pit's owner, even though you are sowing.
learn-ba-awa-fours-last-in-his-row-task = Capture a four in North's row with a lap's last seed.
learn-ba-awa-fours-last-in-his-row-hint = North's a holds 3. Which move's last seed falls there?
learn-ba-awa-fours-last-in-his-row-explain = D's last seed makes 4 in a: a four made by a lap's last seed goes to the player sowing, whoever owns the pit.
learn-ba-awa-rounds-title = Rounds and the match
learn-ba-awa-rounds-intro = When a move leaves 8 seeds or fewer, the player who started the round takes them and the round ends. Each player then owns a pit for every 4 seeds he captured; the first to own 10 pits wins the match.
learn-ba-awa-rounds-end-round-task = End the round.
learn-ba-awa-rounds-end-round-hint = There are 12 seeds on the board: a four captured leaves 8.
learn-ba-awa-rounds-end-round-explain = D's relay makes a four in North's c, which North takes: 8 seeds are left, so the round ends, and you, who started it, take them.
learn-ba-awa-rounds-more-pits-task = End the round so that you own at least 8 pits in the next one.
learn-ba-awa-rounds-more-pits-hint = 8 pits need 32 seeds, and as the round's starter you take the last 8.
learn-ba-awa-rounds-more-pits-explain = F's last seed makes 4 in a: yours. With the 8 seeds left, which you take as the round's starter, you have 32 seeds: 8 pits in the next round. D would end the round too, but give North the four: 28 seeds, 7 pits.
learn-ba-awa-rounds-new-owners-task = A new round: you own pit f in North's row (it is marked as yours). Win a four.
learn-ba-awa-rounds-new-owners-hint = Play the pit you own in North's row.
learn-ba-awa-rounds-new-owners-explain = Pits change owners between rounds, and you may sow from any pit you own, in either row: f's relays end with a lap whose last seed makes 4, and the four is yours.
learn-ba-awa-rounds-win-match-task = You own 9 pits and started this round. Win the match.
learn-ba-awa-rounds-win-match-hint = 10 pits win: you need 40 seeds this round, the last 8 included.
learn-ba-awa-rounds-win-match-explain = C's last seed makes 4 in D: 32 seeds, and as the round's starter you take the 8 left: 40 seeds, 10 pits, and the match is yours.
learn-ba-awa-practice-round = A round against the computer at its easiest level: capture more seeds than it does.
learn-ba-awa-practice-match = One round from the end of a match: win it against the computer.

## Isolo.
learn-isolo-title = Isolo
learn-isolo-intro = Isolo, from Zambia: each player sows only in his own row. A foregame with stock seeds, captures sown again, the winner's kucheleka set-up, and the proper game.
learn-isolo-foregame-title = The foregame
learn-isolo-foregame-intro = Each move adds a seed from your stock to one of your pits; you take that pit's seeds and sow them from your leftmost pit, A. A lap that ends in an empty pit ends the move: you sleep.
learn-isolo-foregame-stock-task = Add a stock seed to a pit and sow so that your last seed falls into B.
learn-isolo-foregame-stock-hint = D holds 1 seed: with the stock seed, 2 seeds are sown from A.
learn-isolo-foregame-stock-explain = D gets a stock seed, you take its 2 seeds and sow them from A: A, B. B was empty, so the move ends.
learn-isolo-foregame-seventh-task = Make your last seed fall into A.
learn-isolo-foregame-seventh-hint = A move from your 7th pit, G, starts in your 8th pit, H.
learn-isolo-foregame-seventh-explain = G gets a stock seed: its 2 seeds are sown from H, your 8th pit, then on round your row into A, which was empty: the move ends.
learn-isolo-foregame-relay-task = Make a move of two laps.
learn-isolo-foregame-relay-hint = A lap that ends in one of your pits that was not empty, facing an empty pit of North's, goes on.
learn-isolo-foregame-relay-explain = D's 2 seeds go into A and B. B held a seed and North's g, facing it, is empty: you take B's seeds and sow on from C, a relay.
learn-isolo-foregame-capture-task = Capture 2 of North's seeds.
learn-isolo-foregame-capture-hint = This time North's g, facing your B, holds 2 seeds.
learn-isolo-foregame-capture-explain = D's lap ends in B, which held a seed, facing g's 2 seeds: you take them and, as it was the move's first lap, sow them from A. Captured seeds go straight back into your row.
learn-isolo-foregame-win-task = Every pit holds 2 seeds. Win the foregame with your first move.
learn-isolo-foregame-win-hint = Two moves do it; one of them is the move from your 7th pit.
learn-isolo-foregame-win-explain = Captures feed more captures: G (and B) take every seed of North's row in one move, and whoever empties his opponent's row wins the foregame. The 1977 text, read literally, allows this.
learn-isolo-captures-title = Captures sown again
learn-isolo-captures-intro = When a lap ends in a pit of yours that was not empty and the pit facing it holds seeds, you capture them and sow them as a new lap: from your leftmost pit after the first lap, else from where the capturing lap began. A single seed taken from an end pit, or the pit next to it, takes the end pits too.
learn-isolo-captures-first-lap-task = The proper game: sowing starts in the next pit. Capture 3 seeds.
learn-isolo-captures-first-lap-hint = North's e holds 3; which pit of yours faces it?
learn-isolo-captures-first-lap-explain = Your first lap ends in D, which held a seed, facing e's 3 seeds: you take them and sow them from your leftmost pit, A, because the capture came on the first lap.
learn-isolo-captures-later-lap-task = Capture on a later lap, after a relay.
learn-isolo-captures-later-lap-hint = A's first lap ends in C, facing an empty pit.
learn-isolo-captures-later-lap-explain = A's first lap ends in C, facing an empty f: relay. The next lap ends in E, facing d's 2 seeds: captured, and sown from D, where that lap began.
learn-isolo-captures-single-seed-task = Capture a single seed from the pit next to North's end pit.
learn-isolo-captures-single-seed-hint = North's b holds one seed; which pit of yours faces it?
learn-isolo-captures-single-seed-explain = E's lap ends in G, facing b's single seed. b is next to North's end pit, so you also take a, the end pit, and your own end pit facing it, H, and sow them all from your other end, A.
learn-isolo-kucheleka-title = Kucheleka
learn-isolo-kucheleka-intro = The foregame's winner sets up the proper game: the loser puts 2 seeds in each of his pits, the winner as many as he likes in his own, at least one seed in all. Then the winner moves first.
learn-isolo-kucheleka-capture-task = You won the foregame. Set up your row with at most 3 seeds so that one of your first moves captures at least 2.
learn-isolo-kucheleka-capture-hint = North's pits will all hold 2: a lap ending in a pit of yours that holds a seed captures. Try 2 seeds in C and 1 in E.
learn-isolo-kucheleka-capture-explain = North's pits all hold 2, so any lap that ends in an occupied pit of yours captures. You move first in the proper game: the set-up is yours to prepare that capture.
learn-isolo-kucheleka-capture-more-task = Set up your row with at most 4 seeds so that one of your first moves captures at least 4.
learn-isolo-kucheleka-capture-more-hint = Try 1 seed in B, 2 in C and 1 in E, then play C.
learn-isolo-kucheleka-capture-more-explain = Captured seeds are sown again and may capture again: a few well-placed seeds take much more than they are.
learn-isolo-kucheleka-win-at-once-task = Set up your row with at most 6 seeds so that one of your first moves empties North's row and wins the game.
learn-isolo-kucheleka-win-at-once-hint = One seed in each of A, B, E and G, then play A.
learn-isolo-kucheleka-win-at-once-explain = With the right set-up the captures run on until North's row is empty: the winner of the foregame may win the proper game with its first move.
learn-isolo-proper-title = The proper game
learn-isolo-proper-intro = There is no stock any more, and a move sows from the pit after the one you empty. Whoever empties his opponent's row wins; a position that comes back is a draw.
learn-isolo-proper-next-pit-task = Make your last seed fall into E.
learn-isolo-proper-next-pit-hint = In the proper game sowing starts in the next pit.
learn-isolo-proper-next-pit-explain = C's 2 seeds go into D and E: in the proper game sowing starts in the pit after the one you empty, not in your leftmost pit.
learn-isolo-proper-empty-row-task = Win the game: empty North's row.
learn-isolo-proper-empty-row-hint = Captures sown again may capture again; follow D's laps.
learn-isolo-proper-empty-row-explain = D's laps and captures take North's last seeds: whoever empties his opponent's row wins the game.
learn-isolo-proper-repetition-task = The moves so far are in the list. One of your moves brings back a position seen before: play it.
learn-isolo-proper-repetition-hint = At the start of the list your seeds were in A and E, North's in h, and you were to move.
learn-isolo-proper-repetition-explain = After D your seeds are in B and E and North's in h, with North to move, as after your first move: the first time a position of the proper game comes back, the game is drawn.
learn-isolo-practice-foregame = Play the foregame against the computer at its easiest level, and win it.
learn-isolo-practice-proper-game = A proper game where every pit holds 2 seeds: empty the computer's row.

## The lesson screen of `mancala learn`.
learn-screen-title = { " " }mancala · learn
learn-screen-games = games
learn-screen-stages = lessons and practice
learn-screen-practice = practice
learn-screen-keys-list = ↑↓ choose  Enter open  Esc back  q quit
learn-screen-step-title = { " " }mancala · learn · { $game } · { $stage } · step { $step }/{ $steps }
learn-screen-practice-title = { " " }mancala · learn · { $game } · practice against the computer (level { $level })
learn-screen-lesson = lesson
learn-screen-task = Task:
learn-screen-hint = Hint:
learn-screen-answer = A move that does it: { $move }
learn-screen-moves = Moves so far: { $moves }
learn-screen-keys-step = ←→↑↓ A-{ $last } Enter play  t hint  v answer  r again  n next  p previous  Esc list  ? help  q quit
learn-screen-keys-setup = set-up: ←→ pit  ↑/+ ↓/- seeds  0-9 type  Enter confirm  t hint  v answer  r again  n next  Esc list  q quit
learn-screen-keys-solved = n or Enter: next step  p previous  r again  Esc list  q quit
learn-screen-keys-practice = ←→↑↓ A-{ $last } Enter play  u/r undo/redo  t the engine's hint  n start again  Esc list  q quit
learn-screen-stage-done = Stage done: { $stage }.
learn-screen-practice-won = You won: this practice is done.
learn-screen-practice-lost = Not won this time: n to start again.
learn-screen-save-failed = cannot keep the progress: { $error }
learn-screen-reset = { $count ->
    [one] Forgot { $count } step or practice done.
   *[other] Forgot { $count } steps and practice games done.
}
learn-screen-not-terminal = Run `mancala learn` in a terminal to take the lessons.
