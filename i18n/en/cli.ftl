## The terminal UI and the command line's messages.
cli-seeds = { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}
