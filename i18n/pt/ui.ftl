language-name = Português

## Páginas geradas pelo servidor.
page-language = Língua
page-rules-subtitle = regras
page-rules-title = Regras de { $game } · mancala
page-rules-index-title = Regras · mancala
page-rules-board = tabuleiro { $board }
page-options-option = opção
page-options-default = predefinição
page-options-values = valores
page-options-meaning = significado
page-signup = Criar conta
page-login = Entrar
page-logout = Sair
page-account-name = Nome
page-account-password = Palavra-passe
page-signup-rules = Um nome de 3 a 20 letras, algarismos, <code>_</code> ou <code>-</code>, começando por uma letra; uma palavra-passe de pelo menos 8 caracteres.
page-signup-have-account = Já tem conta?
page-login-no-account = Ainda não tem conta?
page-i18n-title = Línguas · mancala
page-i18n-heading = Línguas
page-i18n-intro = A parte das mensagens do programa traduzida para cada língua. Para acrescentar uma língua ou completar uma, veja <code>docs/i18n.md</code> no repositório.
page-i18n-language = língua
page-i18n-code = código
page-i18n-translated = traduzido
page-i18n-missing = { $count ->
    [one] { $count } mensagem em falta
   *[other] { $count } mensagens em falta
}
