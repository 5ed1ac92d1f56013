## The terminal UI and the command line's messages.
cli-seeds = { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}
cli-resume-hint = The unfinished game is saved in { $path }; `mancala play --resume` continues it.
cli-south = South
cli-north = North
cli-row-south = south
cli-row-north = north
cli-you = you
cli-person = person
cli-computer = computer
cli-too-small = The terminal is too small: { $width }x{ $height }.
    The board needs at least { $min_width }x{ $min_height }.
    Enlarge the window, or press q to quit.
cli-keys-puzzle = ←→↑↓ A-{ $last } Enter sow  t hint  u take back  v solution  n next puzzle  +/- speed  ? help  q quit
cli-keys-resign = x or y: resign  ·  any other key: play on
cli-keys-setup = set-up: ←→ pit  ↑/+ ↓/- seeds  0-9 type  Enter confirm  u undo  ? help  q quit
cli-keys-game = ←→↑↓ A-{ $last } Enter sow  u/r undo/redo  t hint  n new  x resign  s save  +/- speed  ? help  q quit
cli-title = { " " }mancala · { $game } ({ $board })  South: { $south }  North: { $north }
cli-title-computer = computer: { $name }
cli-board = board
cli-lap = lap { $lap }
cli-in-hand = { $count } in hand
cli-to-move = to move
cli-game-over-resigned = Game over: { $side } resigned, { $winner } wins  ·  n new game, u take back, s save, q quit
cli-game-over = Game over: { $outcome }  ·  n new game, u take back, s save, q quit
cli-outcome-win = { $side } wins { $south }-{ $north } ({ $reason })
cli-outcome-draw = draw { $south }-{ $north } ({ $reason })
cli-outcome-win-plain = { $side } wins ({ $reason })
cli-outcome-draw-plain = draw ({ $reason })
cli-status-playing = { $side } plays { $move }
cli-wait-computer = wait: the computer plays { $side }
cli-took-back = took back; { $count } to redo
cli-nothing-to-redo = nothing to redo
cli-cannot-redo = cannot redo { $move }: { $error }
cli-computer-failed = the computer failed: { $error }
cli-status-to-move = { $side } to move ({ $who })
cli-sowing-at-once = sowing shown at once
cli-sowing-speed = sowing { $ms } ms a seed
cli-thinking = thinking…
cli-paused = paused (p)
cli-move-prompt = move: { $text }_   (Enter to play, Esc to cancel)
cli-last-move = last move { $move }{ $captured }
cli-captured-last = captured by the last move { $count }
cli-moves = moves
cli-changed-options = (changed options in yellow; ? explains them)
cli-rules-title = game state and rules
cli-help = help
cli-help-more = help · ↓ more
cli-help-board = { $game } — { $board } board
cli-help-sow = Sow the seeds of one of your pits counter-clockwise, one a pit (A→F, then a→f).
cli-help-captures = Captures
cli-help-keys = Keys
cli-help-options = Rule options in force
cli-help-close = ↑/↓ and PgUp/PgDn scroll; any other key closes this screen.
cli-keys =
    ←/→  move the cursor over the pits you may play;  ↑/↓  change rows
    Enter or Space  sow the pit under the cursor;  a mouse click on a pit sows it
    A-F / a-f (A-H / a-h in Isolo)  sow that pit directly (either case: the pit you may play)
    Isolo set-up: ←/→ or a letter pick a pit, ↑/+ ↓/- add/remove, digits type, Enter confirms
    :  type a move as text (for moves that are not a single pit)
    u  undo (against the computer: back to your turn);  r  redo
    t  hint: the engine's move and its value
    n  new game;  x  resign;  s  save the game as a record
    + / -  sow faster / slower;  0  no animation;  Space or Esc  skip the animation
    p  pause or resume (computer against computer)
    ?  or F1  this help;  q  or Ctrl-C  quit (an unfinished game is autosaved)
cli-captures-oware = If your last seed falls into one of your opponent's pits and brings it to exactly 2 or 3 seeds, you capture them; then the pit before it (clockwise) too if it is your opponent's and holds 2 or 3, and so on, until a pit holds another count or the chain reaches your own row. You never capture in your own row. A capture that would take every seed of your opponent's row (a grand slam) follows the grand_slam option.
cli-captures-awari = If your last seed falls into one of your opponent's pits and brings it to exactly 2 or 3 seeds, you capture them, and backwards along his row every pit holding 2 or 3. A move that leaves your opponent with no seeds is allowed only when every move does; then its captures count. A player with no seeds to move leaves the rest to his opponent, and an endless cycle shares the seeds left, half each.
cli-captures-olowuka = Relay sowing: if your last seed brings any pit to 4 or more, its seeds are sown on from the next pit. If it falls into one of your opponent's pits and brings it to 2 or 3, you capture it, then the pit before it (clockwise) if it is your opponent's and holds 2 or 3, and so on, and the move ends. A chain that would take every seed of your opponent's row leaves its last pit.
cli-captures-ba-awa = Whenever a pit reaches exactly 4 while you sow, its owner captures the four at once and the sowing goes on. If your last seed brings a pit to exactly 4, you capture them and the move ends; in an empty pit the move ends; otherwise its seeds are sown on. Each round, every four seeds captured buy a pit for the next round.
cli-captures-isolo = A lap ending in an occupied pit of your inner row captures the opponent's facing pits when both are occupied, and the captured seeds are sown again as a new lap (from your leftmost pit on the first lap, else from where the capturing lap began). A single seed facing near an end also takes the end pits. There are no stores: captured seeds stay in your rows.
cli-check-title = Catalogues in { $dir }:
cli-check-line = { $lang } ({ $name }): { $translated }/{ $total } messages{ $complete ->
    [yes] , must be complete
   *[no] { "" }
}
cli-check-missing = missing: { $ids }
cli-check-unused = not in English (unused): { $ids }
cli-check-placeholders = { $id }: placeholders { $theirs } instead of { $ours }
cli-check-syntax = syntax: { $error }
cli-check-gaps = { $count ->
    [one] { $count } complete language has gaps
   *[other] { $count } complete languages have gaps
}
cli-check-ok = Every complete language has every message.

## The play screen's opponents, moves and hints
cli-engine-level = engine level { $level } ({ $name }, about { $elo } Elo)
cli-random-mover = random mover
cli-random-mover-unknown = random mover (the engine does not know this game yet)
cli-random-mover-failed = random mover (the engine failed)
cli-puzzle-opponent = puzzle { $id } (rating { $rating })
cli-move-played = { $side } played { $mv }
cli-move-capturing = { $side } played { $mv }, capturing { $seeds }
cli-move-laps = { $side } played { $mv } ({ $laps } laps)
cli-move-setup = { $side } set up the row { $mv }
cli-move-picks-again = { $side } picks again
cli-move-refused = { $mv } is not allowed: { $reason }
cli-move-unreadable = "{ $text }" is not a move
cli-move-passes = { $other } has no move and passes: { $side } moves again
cli-hint = hint: { $mv }
cli-hint-value = hint: { $mv } ({ $value })
cli-hint-depth = depth
cli-hint-line = line

## Puzzles in the terminal (`mancala puzzle`): the full screen and the line by line mode
cli-puzzle-title = mancala · { $game } puzzle { $id } (rating { $rating })  ·  { $task }  ·  { $record }
cli-puzzle-header = puzzle { $id } (rating { $rating }): { $task }
cli-puzzle-task = { $side } to play and { $goal }
cli-puzzle-goal-win = win
cli-puzzle-goal-draw = draw
cli-puzzle-goal-margin = win by { $margin }
cli-puzzle-goal-forced = win by force within { $plies } plies
cli-puzzle-find = { $task }: find the only best move
cli-puzzle-record = your rating { $rating } · streak { $streak } (best { $best }) · solved { $solved } of { $played }
cli-puzzle-kept = { $record }; kept in { $path }
cli-puzzle-rating-change = rating { $delta }
cli-puzzle-solved = solved!{ $delta } · { $record } · n: next puzzle
cli-puzzle-not-it = { $mv } is not it: { $why }{ $delta } · { $record } · u: try again, v: solution
cli-puzzle-solution = solution: { $moves }{ $delta }
cli-puzzle-theme = theme: { $themes }
cli-puzzle-refuted = refuted: u goes back to try again
cli-puzzle-done = this puzzle is done: n for the next one
cli-puzzle-illegal = not a legal move
cli-puzzle-off-line = off the solution's line: u goes back
cli-puzzle-next-failed = cannot open the next puzzle: { $error }
cli-puzzle-why = { $answer }; { $claim }
cli-puzzle-why-took = { $mv } captures { $seeds }, but { $answer }; { $claim }
cli-puzzle-answers = { $side } answers { $reply }
cli-puzzle-answers-capturing = { $side } answers { $reply } and captures { $seeds }
cli-puzzle-ends-win = the game ends
cli-puzzle-ends-loss = the game ends and you lose it
cli-puzzle-ends-draw = the game ends in a draw
cli-puzzle-only-forced = only { $best } wins by force within { $plies } plies here
cli-puzzle-only-margin = only { $best } wins by { $margin } here
cli-puzzle-only-win = only { $best } wins here
cli-puzzle-only-draw = only { $best } holds the draw here; every other move loses
cli-puzzle-only-best = only { $best } keeps the best result here
cli-puzzle-prompt = your move (hint, show, quit):
cli-puzzle-right = right; the reply is { $reply }
cli-puzzle-try-again = { $mv } is not it: { $why }; try again
cli-puzzle-refutes = { $mv } is not it: { $reply } refutes it; try again
cli-puzzle-not-best = { $mv } is not the best move; try again
cli-puzzle-solved-line = solved!
cli-puzzle-verdict-solved = { $id }: solved
cli-puzzle-verdict-wrong = { $id }: { $mv } is wrong
cli-puzzle-verdict-refuted = { $id }: { $mv } is wrong (refuted by { $reply })
cli-puzzle-verdict-unsolved = { $id }: not solved yet
cli-puzzle-not-a-move = { $id }: "{ $mv }" is not a move in this position; the moves are { $moves }
cli-puzzle-not-allowed = { $id }: { $mv } is not allowed in this position ({ $reason }); the moves are { $moves }
cli-puzzle-no-id = no puzzle { $id }
cli-puzzle-no-preset = no puzzle for this preset
cli-puzzle-over = the game is over in this puzzle
