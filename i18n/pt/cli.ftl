cli-seeds = { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
}
