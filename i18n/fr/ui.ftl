language-name = Français

## Pages produites par le serveur.
page-language = Langue
page-rules-subtitle = règles
page-rules-title = Règles de { $game } · mancala
page-rules-index-title = Règles · mancala
page-rules-board = plateau { $board }
page-options-option = option
page-options-default = par défaut
page-options-values = valeurs
page-options-meaning = signification
page-signup = Créer un compte
page-login = Se connecter
page-logout = Se déconnecter
page-account-name = Nom
page-account-password = Mot de passe
page-signup-rules = Un nom de 3 à 20 lettres, chiffres, <code>_</code> ou <code>-</code>, commençant par une lettre ; un mot de passe d'au moins 8 caractères.
page-signup-have-account = Vous avez déjà un compte ?
page-login-no-account = Pas encore de compte ?
page-i18n-title = Langues · mancala
page-i18n-heading = Langues
page-i18n-intro = La part des messages du programme traduite dans chaque langue. Pour ajouter une langue ou en compléter une, voir <code>docs/i18n.md</code> dans le dépôt.
page-i18n-language = langue
page-i18n-code = code
page-i18n-translated = traduit
page-i18n-missing = { $count ->
    [one] { $count } message manquant
   *[other] { $count } messages manquants
}
