# The language's own name, shown in the language switch.
language-name = English

## Server-rendered pages.
page-language = Language
page-rules-subtitle = rules
page-rules-title = { $game } rules · mancala
page-rules-index-title = Rules · mancala
page-rules-board = { $board } board
page-options-option = option
page-options-default = default
page-options-values = values
page-options-meaning = meaning
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
page-i18n-intro = The share of the program's messages translated into each language. To add a language or complete one, see <code>docs/i18n.md</code> in the repository.
page-i18n-language = language
page-i18n-code = code
page-i18n-translated = translated
page-i18n-missing = { $count ->
    [one] { $count } message missing
   *[other] { $count } messages missing
}
