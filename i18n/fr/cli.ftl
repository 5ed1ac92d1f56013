cli-seeds = { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}
