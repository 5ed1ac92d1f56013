# The language's own name, shown in the language switch.
language-name = English

## Server-rendered pages.
page-language = Language
page-rules-subtitle = rules
page-rules-title = { $game } rules · mancala
page-rules-index-title = Rules · mancala
page-rules-board = { $board } board
page-signup = Sign up
page-login = Log in
page-logout = Log out
page-account-name = Name
page-account-password = Password
page-signup-rules = A name of 3 to 20 letters, digits, <code>_</code> or <code>-</code>, beginning with a letter; a password of at least 8 characters.
page-signup-have-account = Have an account?
page-login-no-account = No account yet?
page-i18n-title = Languages · mancala
page-i18n-heading = Languages
page-i18n-intro = The share of the program's messages translated into each language. To add a language or complete one, see the translators' guide that comes with the program's source.
page-i18n-language = language
page-i18n-code = code
page-i18n-translated = translated
page-i18n-missing = { $count ->
    [one] { $count } message missing
   *[other] { $count } messages missing
}

## The browser UI (web/app.js, web/puzzles.js, web/index.html), served by GET /api/i18n/{lang}.
## Ids are the names the scripts use; a list of labels is one message with `|` between them.
south = South
north = North
soundOn = ♪ on
soundOff = ♪ off
soundTitle = Sounds for moves and low time (click to switch)
editorLink = Position editor
homeEditor = Set up a position by hand (position editor)
analyse = Analyse
analysisOf = Analysis · { $game }
analysisTitle = Analysis board — { $game }
engineTitle = Engine
movesTitle = Moves
thinking = Thinking…
noAnalysis = No analysis for this position.
noMoves = The game is over here: nothing to analyse.
prove = Prove
proving = Proving (at most { $seconds } s)…
proofDone = Proof: { $text } ({ $nodes } nodes, { $seconds } s)
notProven = Not proven within { $seconds } s.
value = Value: { $text }{ $depth ->
    [0] { "" }
   *[other] { " " }(depth { $depth })
}
bestLine = Best line: { $line }
atStart = Start position
afterMove = After move { $ply }: { $side } played { $move }
toMove = { $side } to move
over = { $result } ({ $reason })
wins = { $side } wins
draw = Draw
variation = variation
backToGame = Back to the game
editPosition = Edit this position
backToGameLink = Game page
anHelp = Step with ◀ ▶ or the arrow keys, click a move in the list, or play any legal move on the board to try a variation.
editorTitle = Position editor
editorVariant = Game
editorRules = Rule options
editorHelp = Set the seeds of every pit, the stores and the side to move; the rules of the game check the position. Then analyse it or play from it.
editorPosition = Position (text)
editorAnalyse = Analyse
editorComputer = Play the computer from here
editorLocal = Two players here from here
editorReset = Start position
editorClear = Empty board
sideToMove = To move
phase = Phase
phaseF = foregame
phaseK = kucheleka set-up
phaseP = proper game
stockUsed = { $side } stock used
storeOf = { $side } store
field = field { $number }
validText = Valid position: { $seeds } seeds, { $side } to move{ $legal ->
    [0] { "" }
   *[other] , legal moves { $legal }
}.
validOver = Valid position, the game is over: { $text }.
checking = Checking…
invalid = Not a valid position: { $message }
logIn = Log in
signUp = Sign up
logOut = Log out
archive = Archive
leaderboard = Leaderboard
lobby = Lobby
lobbyGuest = Log in or sign up to post and accept seeks; guests can still play casual games below.
lobbyNote = Open seeks, live. Accept one to start the game at once.
seekCols = Player|Game|Time|Mode|Side|
noSeeks = No open seeks right now: post one.
seekSummary = Post a seek or challenge someone
seekVariant = Game
seekRules = Rule options
seekTime = Time control
seekMinutes = Minutes
seekIncrement = Increment (s)
seekRated = Rated
seekSide = Your side
seekTo = Challenge player (optional)
seekPost = Post seek
seekChallenge = Send challenge
daysPerMove = { $days ->
    [one] { $days } day per move
   *[other] { $days } days per move
}
custom = custom
sideRandom = Random
sideSouth = South (moves first)
rated = rated
casual = casual
untimed = untimed
accept = Accept
cancel = Cancel
decline = Decline
challengeFor = challenge to { $name }
challengeFrom = { $name } challenges you
resign = Resign
offerDraw = Offer draw
offerAgreement = End by agreement
abort = Abort
rematch = Rematch
confirmResign = Resign this game?
confirmDraw = Offer a draw?
confirmAgreement = Offer to end the game by agreement? Each player then scores the seeds on his own row.
confirmAbort = Abort this game? It will not count.
confirmRematch = Ask for a rematch with colours swapped?
confirmAccept = Accept: { $what }?
offerKindDraw = a draw
offerKindAgreement = to end the game by agreement (each scores the seeds on his own row)
offerReceived = { $who } offers { $kind }.
offerSent = You offered { $kind }; waiting for the answer.
rematchOffered = { $who } asks for a rematch.
rematchSent = Rematch asked for; waiting for the answer.
rematchReady = The rematch has started.
agreementScores = own rows scored { $south } : { $north }
scoreEstimate = estimate
scoreProvenWin = proven win by
scoreProvenLoss = proven loss by
scoreProvenDraw = proven draw
scoreTableExact = table: exact
yes = yes
no = no
fieldExtraTurn = extra turn
fieldOwners = owners
fieldRound = round
fieldMatch = match
fieldRoundEnd = round end
fieldPhase = phase
fieldStockUsed = stock used
fieldRowSeeds = seeds per row
fieldForegameWinner = foregame winner
fieldForegameEnd = foregame end
fieldPliesInPhase = plies in this phase
fieldLaps = laps
playerTitle = Player { $name }
since = Member since { $date }
ratingCols = Game|Rating|Deviation|Games
provisional = provisional
ratingGraph = Rating history
graphGame = Game
noHistory = No rated games yet.
gamesTitle = Games
gameCols = Date|Game|South|North|Result|Reason|Moves|Time
lbTitle = Leaderboard
lbVariant = Game
lbCols = #|Player|Rating|Deviation|Games
lbEmpty = No rated players in this game yet.
arTitle = Archive of finished games
arPlayer = Player
arVariant = Game
arResult = Result
arFrom = From
arTo = To
arSearch = Search
arMore = More
arEmpty = No game matches.
anyVariant = any
resultAny = any
resultSouth = South won
resultNorth = North won
resultDraw = draw
resultNone = aborted
resultWin = the player won
resultLoss = the player lost
guest = guest
tagline = traditional sowing games
lap = lap { $lap }
inHand = { $count } in hand
stockSeed = stock seed
extraTurn = extra turn
modeComputer = against the computer (level { $level })
modeOnline = online
modeLocal = two players
pitsOwned = pits owned { $south } : { $north }
round = round { $round }
matchAt = (match at { $target })
computerThinking = The computer is thinking…
yourMove = Your move ({ $side })
waitingFor = Waiting for { $side }
watching = Watching — { $side } to move
howToPlay = How to play { $game }
phaseForegame = foregame
phaseKucheleka = kucheleka set-up
phaseProper = proper game
illegal = Illegal move { $move }: { $reason }
evalFor = evaluation for { $side }: { $text }
known = { $side }: { $text }
noEvaluation = no evaluation
evalUnavailable = Evaluation unavailable: { $error }
graphNote = After move { $ply }: { $value } · South above the line, North below · ◆ proven result
noSuggestion = No move to suggest.
suggested = Suggested: { $best } ({ $score }, depth { $depth }). { $top }
lastMove = last: { $side } { $move }{ $captured ->
    [0] { "" }
   *[other] { " " }captured { $captured }
}
changedOption = { $value } (default { $default })
spectators = Spectators
seat = { $side } seat
even = even
roundCaptured = round { $round } captured { $south } : { $north }
newGame = New game
rulesOfThisGame = Rules of this game
opponent = Opponent
opponentComputer = Computer
opponentOnline = Someone online
opponentLocal = Two players here
youPlay = You play
youPlaySouth = South (bottom, moves first)
youPlayNorth = North (top)
level = Level
start = Start
evalBarTitle = evaluation (South at the bottom)
boardLabel = board
graphLabel = evaluation after every move, South above the line
kuchHelp = set up your row (from your left), then the proper game begins.
kuchTotal = Total
kuchOfAtMost = of at most
kuchGo = Set up
hint = Hint
undo = Undo
record = Record
evaluation = Evaluation
graph = Graph
animation = Animation
speedSlow = slow
speedNormal = normal
speedFast = fast
speedOff = off
invite = Invite
inviteNote = Send the other seat's link to your opponent; anyone may watch with the spectator link.
rulesInForce = Rules in force
howToPlayLink = How to play
anFirst = first position
anPrev = previous move
anNext = next move
anLast = last position

## The puzzle page (web/puzzles.js).
pzTitle = Puzzles
pzGame = Game
pzTask = { $side } to play and { $goal } · puzzle rating { $rating }
pzGoalWin = win
pzGoalDraw = draw
pzGoalForced = { $plies ->
    [one] win by force within { $plies } ply
   *[other] win by force within { $plies } plies
}
pzGoalMargin = win by { $margin }
pzYourTurn = Your move: find the only best one.
pzRight = { $move } is right. Keep going.
pzReply = { $side } answers { $move }.
pzSolved = Solved!
pzRatingChange = Rating { $delta }.
pzSolvedAfter = Solved (after a mistake: the rating counted the first try).
pzWrong = { $move } is not it: { $why }.
pzRefuting = Finding the refutation…
pzSolution = Solution: { $moves }
pzHint = Hint: play pit { $move } (themes: { $themes }).
pzStats = Your puzzle rating: { $rating } · streak { $streak } (best { $best }) · solved { $solved } of { $played }
pzHintBtn = Hint
pzRetryBtn = Retry
pzSolutionBtn = Show solution
pzNextBtn = Next puzzle
pzNone = No puzzles for this game.
pzBoardLabel = puzzle board
levelName1 = beginner
levelName2 = novice
levelName3 = casual
levelName4 = club
levelName5 = expert
levelName6 = master
levelAbout1 = looks one move ahead; more than half of its moves are plausible mistakes
levelAbout2 = two plies ahead; frequent mistakes
levelAbout3 = three plies ahead; a mistake every four moves; takes every forced win
levelAbout4 = five plies ahead; occasional mistakes
levelAbout5 = eight plies ahead; rare mistakes
levelAbout6 = full strength, one second a move

## The home page's community cards (web/home.js, web/quick.js).
quickTitle = Quick pairing
quickNote = Pick a game and a time control: you play the first player waiting for the same, or wait for one. Click a waiting tile again to stop waiting.
tileMinutes = minutes + seconds
tileCorrespondence = Correspondence
tileWaiting = Waiting… (click to cancel)
tileOpen = { $count ->
    [one] { $count } player waiting
   *[other] { $count } players waiting
}
tileLogIn = Log in or sign up to play with the quick-pairing tiles.
quickComputer = Play the computer
liveTitle = Being played now
liveGame = { $south } – { $north }
liveAbout = { $game } · { $time } · { $plies ->
    [one] { $plies } move
   *[other] { $plies } moves
}
liveNone = No game is being played right now.
dailyTitle = Puzzle of the day
dailyText = { $game } · puzzle rating { $rating }
dailySolve = Solve it
tnHomeTitle = Tournaments
tnAll = All tournaments
tnNoneSoon = No tournament running or starting soon.
tnArena = Arena
tnSwiss = Swiss
tnRoundRobin = Round robin
tnCreated = starting soon
tnRunning = running
tnFinished = finished

## Tournaments (web/tournaments.js).
tnTitle = Tournaments
tnUnavailable = This server holds no tournaments.
tnUpcoming = Starting soon
tnRunningTitle = Running
tnFinishedTitle = Finished
tnNone = None.
tnPlayerCount = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
tnCreate = Create a tournament
tnCreateButton = Create
tnName = Name
tnFormat = Format
tnOverTheBoard = over the board
tnOtbLabel = Over the board (players at tables, the director enters the results)
tnRounds = Rounds
tnByePoints = Points for a bye
tnDouble = Double round robin (each pair meets twice, colours swapped)
tnDuration = Duration (minutes)
tnNotFound = No such tournament.
tnJoin = Join
tnWithdraw = Withdraw
tnPause = Pause
tnResume = Resume
tnPaused = paused
tnStart = Start
tnPrintPairings = Print pairings
tnPrintStandings = Print standings
tnTrf = Download TRF
tnDirector = Director
tnPlayerName = Player's name
tnPlayerRating = Rating
tnAddPlayer = Add player
tnPairNext = Pair the next round
tnStandings = Standings
tnNoStandings = No standings yet.
tnRank = Rank
tnPlayer = Player
tnPoints = Points
tnRoundsTitle = Rounds and pairings
tnRound = Round { $number }
tnNoRounds = No round has been paired yet.
tnGames = Games
tnBoard = Board
tnResult = Result
tnResultOf = Result of board { $board }
tnBye = Bye: { $name }
tnForfeit = forfeit
tnWatch = Watch
tnPlayers = Players
tnTimeLeft = Time left: { $time }
tnYourGame = Your game is starting.
tnGoToBoard = Go to your board
