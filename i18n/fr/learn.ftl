## Les leçons (`mancala learn`, /learn) : leurs textes et les explications d'un coup jugé.
## Les cases sont désignées par leurs lettres (A-F / a-f, A-H / a-h à l'isolo) dans toutes les langues.

## Un coup jugé.
learn-right = Juste : { $move }.
learn-right-captured = Juste : { $move } prend { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
}.
learn-right-forbidden = Juste : { $move } n'est pas permis ({ $reason }).
learn-why-not-a-move = { $move } n'est pas un coup ici.
learn-why-refused = { $move } n'est pas permis : { $reason }.
learn-why-allowed = { $move } est permis par les règles. Trouvez le coup qu'elles interdisent.
learn-why-other-reason = { $move } n'est pas permis, mais pour une autre raison : { $reason }.
learn-why-capture = { $move } { $got ->
    [0] ne prend rien
    [one] prend { $got } graine
   *[other] prend { $got } graines
} ; la tâche en demande { $want }.
learn-why-capture-pits = { $move } { $got ->
    [0] ne prend rien
    [one] prend dans { $got } case
   *[other] prend dans { $got } cases
} ; la tâche demande { $want } cases.
learn-why-last-pit = La dernière graine de { $move } tombe dans { $got }, pas dans { $want }.
learn-why-laps = { $move } sème { $got ->
    [one] { $got } tour
   *[other] { $got } tours
} ; la tâche en demande au moins { $want }.
learn-why-not-empty = Le dernier tour de { $move } finit dans { $pit }, qui n'était pas vide.
learn-why-feed = Après { $move }, la rangée de votre adversaire contient { $got ->
    [one] { $got } graine
   *[other] { $got } graines
} ; la tâche en demande au moins { $want }.
learn-why-no-grand-slam = { $move } ne prend pas toutes les graines de la rangée adverse.
learn-why-no-extra-turn = { $move } ne vous fait pas rejouer.
learn-why-fours-me = { $move } vous donne { $got ->
    [0] aucun quatre
    [one] { $got } quatre
   *[other] { $got } quatre
} ; la tâche en demande { $want }.
learn-why-fours-me-sowing = { $move } vous donne { $got ->
    [0] aucun quatre
    [one] { $got } quatre
   *[other] { $got } quatre
} en semant ; la tâche en demande { $want }.
learn-why-fours-me-end = { $move } vous donne { $got ->
    [0] aucun quatre
    [one] { $got } quatre
   *[other] { $got } quatre
} par la dernière graine d'un tour ; la tâche en demande { $want }.
learn-why-fours-opponent = { $move } donne à votre adversaire { $got ->
    [0] aucun quatre
    [one] { $got } quatre
   *[other] { $got } quatre
} ; la tâche en demande { $want }.
learn-why-fours-opponent-sowing = { $move } donne à votre adversaire { $got ->
    [0] aucun quatre
    [one] { $got } quatre
   *[other] { $got } quatre
} en semant ; la tâche en demande { $want }.
learn-why-fours-opponent-end = { $move } donne à votre adversaire { $got ->
    [0] aucun quatre
    [one] { $got } quatre
   *[other] { $got } quatre
} par la dernière graine d'un tour ; la tâche en demande { $want }.
learn-why-pits = Après { $move } vous posséderiez { $got } cases ; la tâche en demande au moins { $want }.
learn-why-round-goes-on = { $move } ne termine pas la manche.
learn-why-game-goes-on = { $move } ne termine pas la partie.
learn-why-other-end = { $move } termine la partie, mais pas comme le demande la tâche : { $reason }.
learn-why-foregame-goes-on = { $move } ne vide pas la rangée de votre adversaire : le jeu préliminaire continue.
learn-why-no-singleton = { $move } ne prend pas une graine isolée dans une case d'extrémité ou dans sa voisine.
learn-why-too-many-seeds = Vous avez placé { $placed } graines ; la tâche en permet au plus { $max }.
learn-why-no-follow-up = Après cette mise en place, aucun de vos premiers coups ne fait ce que demande la tâche.
learn-why-refuted = { $captured ->
    [0] Après { $move },
    [one] { $move } prend { $captured } graine, mais
   *[other] { $move } prend { $captured } graines, mais
} { $side } répond { $reply }{ $reply_captured ->
    [0] {""}
    [one] {" "}et prend { $reply_captured } graine
   *[other] {" "}et prend { $reply_captured } graines
}. Il y a un meilleur coup.
learn-why-not-best = { $move } n'est pas le meilleur coup ici.

## Les leçons : chaque jeu, ses étapes (titre et idée enseignée) et leurs exercices (tâche,
## indice, et explication montrée une fois l'exercice réussi).

learn-mistakes-title = Les erreurs classiques
learn-mistakes-intro = Des positions de vraies parties où un coup tentant tourne mal. Trouvez le seul bon coup ; un mauvais coup reçoit la réponse d'un joueur fort.
learn-mistakes-task = Trouvez le seul bon coup ici.
learn-mistake-greedy = Prendre le plus de graines tout de suite n'est pas le meilleur coup : regardez ce que votre adversaire reprend, ou le coup qui gagne plus tard.
learn-mistake-greedy-hint = Avant de prendre, regardez la réponse de votre adversaire.
learn-mistake-kroo = Une grosse case (un kroo) change tout : comptez où vont toutes ses graines avant de la jouer, ou de la garder.
learn-mistake-kroo-hint = Comptez où iraient les graines de votre plus grosse case, et ce qui reste ensuite à votre adversaire.
learn-mistake-feeding = Quand une rangée est vide, l'autre joueur doit la nourrir : nourrissez de façon que les réponses de votre adversaire ne puissent pas vous nuire.
learn-mistake-feeding-hint = Tous les coups nourrissent ici ; regardez ce que votre adversaire peut faire des graines que vous lui donnez.
learn-mistake-relay = Un long relais se lit mal : suivez-le tour par tour avant de choisir, et regardez où il laisse les graines.
learn-mistake-relay-hint = Suivez chaque coup tour par tour jusqu'au bout.
learn-mistake-owner = Au ba-awa, regardez à qui sont les cases que vos graines traversent : un quatre fait dans une case de votre adversaire est à lui, et un joueur sans graines dans ses cases passe.
learn-mistake-owner-hint = Comptez les quatre que donne chaque coup, et à qui.
learn-mistake-resow = À l'isolo, les graines prises sont semées de nouveau : le coup qui prend peu d'abord peut aller bien plus loin.
learn-mistake-resow-hint = Suivez les prises : où sont semées les graines prises, et que prennent-elles ensuite ?

## Les étapes communes à la famille de l'awalé (Oware, Abapa, Wuri, Ouril, Awari).
learn-oware-family-sowing-title = Semer
learn-oware-family-sowing-intro = Prenez toutes les graines d'une de vos cases et semez-les une à une, dans le sens inverse des aiguilles d'une montre : vers la droite dans votre rangée, puis dans la rangée de votre adversaire.
learn-oware-family-sowing-where-task = Chaque case contient 4 graines. Semez de façon que votre dernière graine tombe dans la case b de Nord.
learn-oware-family-sowing-where-hint = Quatre graines vont dans les quatre cases suivantes. La rangée de Nord commence par a, la case en face de votre F.
learn-oware-family-sowing-where-explain = Les quatre graines de D vont dans E, F, a et b : on sème dans le sens inverse des aiguilles d'une montre, vers la droite dans votre rangée, puis dans celle de Nord, de a à f.
learn-oware-family-sowing-north-task = Vous jouez maintenant Nord, la rangée du haut, lettrée de a à f à partir de sa gauche. Faites tomber votre dernière graine dans la case A de Sud.
learn-oware-family-sowing-north-hint = Pour Nord, la case A de Sud vient après f. Quelle case est quatre cases avant A ?
learn-oware-family-sowing-north-explain = Les quatre graines de c vont dans d, e, f et A. Chaque rangée est lettrée à partir de la gauche de son propriétaire : a fait face à F, et f à A.
learn-oware-family-sowing-kroo-task = A contient 12 graines. Faites tomber votre dernière graine dans votre case B.
learn-oware-family-sowing-kroo-hint = Douze graines font tout le tour du plateau, et la case que vous avez vidée est sautée.
learn-oware-family-sowing-kroo-explain = Les graines de A remplissent B à f, 11 cases ; la 12e tomberait dans A, mais la case vidée est toujours sautée : elle tombe dans B. Une case de 12 graines ou plus s'appelle un kroo.
learn-oware-family-capture-title = Prendre
learn-oware-family-capture-intro = Quand votre dernière graine porte une case adverse à 2 ou 3 graines, vous les prenez, ainsi que les cases précédentes qui en contiennent aussi 2 ou 3.
learn-oware-family-capture-two-or-three-task = Prenez : faites tomber votre dernière graine dans une case de Nord qui contiendra alors 2 ou 3 graines.
learn-oware-family-capture-two-or-three-hint = La case a de Nord contient 1 graine et d en contient 2 : une graine de plus fait 2 ou 3.
learn-oware-family-capture-two-or-three-explain = Les graines sont à vous quand votre dernière graine fait 2 ou 3 dans une case adverse : D finit dans a (1 + 1 = 2), E dans d (2 + 1 = 3).
learn-oware-family-capture-chain-task = Prenez dans au moins trois cases de Nord en un seul coup.
learn-oware-family-capture-chain-hint = Après une prise, la case précédente est prise aussi si elle contient 2 ou 3 graines, et ainsi de suite. Cherchez un long semis dans la rangée de Nord.
learn-oware-family-capture-chain-explain = La dernière graine de E fait 3 dans e. d, c, b et a, avant elle, contiennent aussi 2 ou 3 graines : elles sont toutes prises. La chaîne remonte en arrière, dans le sens des aiguilles d'une montre, tant que les cases contiennent 2 ou 3 graines, et jamais dans votre propre rangée.
learn-oware-family-capture-chain-stops-task = Prenez au moins 3 graines.
learn-oware-family-capture-chain-stops-hint = La prise de D n'en prend que 2. Où tombe la dernière graine de E, et que contient alors la case précédente ?
learn-oware-family-capture-chain-stops-explain = La dernière graine de E fait 3 dans d : prises. La chaîne continuerait vers c, mais c contient maintenant 4 graines : une chaîne s'arrête à la première case qui contient 0, 1, ou 4 graines ou plus.
learn-oware-family-capture-kroo-task = A contient 19 graines. Prenez au moins 7 graines.
learn-oware-family-capture-kroo-hint = Comptez autour du plateau : les graines de A dépassent A, qui est sautée, et atteignent une deuxième fois la rangée de Nord.
learn-oware-family-capture-kroo-explain = A sème de B à f, saute A, puis de B à F et dans a, b, c : la dernière graine tombe dans c. c, b et a contiennent alors 2, 3 et 2 graines : 7 graines. A reste vide.
learn-oware-family-feeding-title = Nourrir
learn-oware-family-feeding-intro = Quand votre adversaire n'a plus de graines, vous devez lui en donner : un coup qui n'atteint pas sa rangée n'est pas permis si un autre l'atteint.
learn-oware-family-feeding-must-feed-task = Nord n'a plus de graines. Un de vos coups n'est pas permis : lequel, et pourquoi ?
learn-oware-family-feeding-must-feed-hint = Laquelle de vos cases ne peut pas atteindre la rangée de Nord ?
learn-oware-family-feeding-must-feed-explain = Les 3 graines de A s'arrêtent en D et laissent Nord sans rien. Quand la rangée de votre adversaire est vide, vous devez lui donner des graines si vous le pouvez.
learn-oware-family-feeding-feed-more-task = La rangée de Nord est vide. Donnez-lui au moins 3 graines.
learn-oware-family-feeding-feed-more-hint = Plus une case est à droite, moins il lui faut de graines pour atteindre Nord.
learn-oware-family-feeding-feed-more-explain = E sème F, a, b et c : trois graines pour Nord. D ne lui en donnerait qu'une, et C, qui ne l'atteint pas, n'est pas permis.
learn-oware-family-feeding-kroo-task = Donnez au moins 6 graines à Nord.
learn-oware-family-feeding-kroo-hint = E contient 12 graines : où vont-elles toutes ?
learn-oware-family-feeding-kroo-explain = Les 12 graines de E font tout le tour : une dans chacune des six cases de Nord, et la dernière dans F, puisque E est sautée. Une grosse case nourrit toute la rangée.

## Oware et Abapa.
learn-oware-title = Oware et Abapa
learn-oware-intro = L'oware tel que le décrit l'application Oware, et l'Abapa, les règles internationales : semer, prendre et nourrir, puis le grand chelem de chacun et la fin de la partie.
learn-oware-grand-slam-title = Le grand chelem
learn-oware-grand-slam-intro = Une prise qui enlèverait toutes les graines de la rangée adverse est un grand chelem. L'oware l'interdit ; à l'Abapa on peut le jouer, mais il ne prend rien.
learn-oware-grand-slam-forbidden-task = À l'oware, un de vos coups prendrait toutes les graines de la rangée de Nord. Ce coup n'est pas permis : lequel est-ce ?
learn-oware-grand-slam-forbidden-hint = Nord a 1, 1 et 2 graines dans a, b et c. Quelle case finit dans c ?
learn-oware-grand-slam-forbidden-explain = F porterait a, b et c à 2, 2 et 3 graines et les prendrait toutes : un grand chelem. L'oware l'interdit tant que vous avez un autre coup ; si tous vos coups étaient des grands chelems, vous devriez en jouer un, et vous perdriez aussitôt.
learn-oware-grand-slam-capture-instead-task = Prenez au moins 2 graines, et laissez le reste à Nord.
learn-oware-grand-slam-capture-instead-hint = Une prise qui s'arrête avant c laisse des graines à Nord.
learn-oware-grand-slam-capture-instead-explain = La dernière graine de D fait 2 dans a : vous les prenez, et b et c restent à Nord.
learn-oware-grand-slam-abapa-task = Selon les règles de l'Abapa, le même grand chelem peut être joué. Jouez-le et voyez ce qu'il prend.
learn-oware-grand-slam-abapa-hint = C'est le coup dont la dernière graine tombe dans c.
learn-oware-grand-slam-abapa-explain = F est permis à l'Abapa, mais un grand chelem ne prend rien : les graines restent dans la rangée de Nord.
learn-oware-grand-slam-abapa-capture-task = Ici un grand chelem ne prend rien. Prenez au moins 5 graines.
learn-oware-grand-slam-abapa-capture-hint = Le coup qui atteint c prendrait tout, et ne prend donc rien.
learn-oware-grand-slam-abapa-capture-explain = La dernière graine de E fait 3 dans b, et a en contient 2 : 5 graines, et c garde sa graine, ce n'est donc pas un grand chelem. F prendrait toutes les graines, et ne prendrait donc rien.
learn-oware-end-title = La fin de la partie
learn-oware-end-intro = Un joueur qui a 25 graines ou plus gagne aussitôt. Une position qui revient termine la partie, tout comme un joueur qui ne peut pas jouer.
learn-oware-end-twenty-five-task = Vous avez 22 graines. Gagnez la partie maintenant.
learn-oware-end-twenty-five-hint = 25 graines, plus de la moitié des 48, gagnent aussitôt.
learn-oware-end-twenty-five-explain = E prend 3 graines : 25 graines, plus de la moitié des 48, et vous gagnez aussitôt.
learn-oware-end-repetition-task = Les coups joués jusqu'ici sont dans la liste. Un de vos coups ramène une position déjà vue : jouez-le, et la partie se termine.
learn-oware-end-repetition-hint = Au début de la liste, votre graine était en E, celles de Nord en a et e, et Nord avait le trait.
learn-oware-end-repetition-explain = Après F, le plateau est celui du début, avec les mêmes scores et Nord au trait. La première fois qu'une position revient, la partie se termine et chaque joueur ajoute à son score les graines de sa rangée.
learn-oware-end-cannot-feed-task = La rangée de Nord est de nouveau vide. Quel coup n'est pas permis ?
learn-oware-end-cannot-feed-hint = Les graines de A s'arrêtent en D.
learn-oware-end-cannot-feed-explain = A ne peut pas nourrir Nord : seul D est permis. Si aucun coup ne pouvait le nourrir, la partie s'arrêterait : à l'oware les graines restées sur le plateau ne comptent pas et le plus haut score gagne ; à l'Abapa chaque joueur prend les graines de sa rangée.
learn-oware-practice-ending = Une fin de partie où vous menez 23 à 13 : jouez-la jusqu'au bout contre l'ordinateur, et gagnez.
learn-oware-practice-whole-game = Une partie entière d'Abapa contre l'ordinateur à son niveau le plus facile : gagnez-la.

## Wuri.
learn-wuri-title = Wuri
learn-wuri-intro = Le wuri : semer, prendre et nourrir, un grand chelem qui ne prend rien, et la fin de la partie.
learn-wuri-grand-slam-title = Le grand chelem
learn-wuri-grand-slam-intro = Une prise qui enlèverait toutes les graines de la rangée adverse est un grand chelem. Au wuri on peut le jouer, mais il ne prend rien.
learn-wuri-grand-slam-nothing-task = Un coup prendrait toutes les graines de la rangée de Nord. Jouez-le et voyez ce qu'il prend.
learn-wuri-grand-slam-nothing-hint = Nord a 1, 1 et 2 graines dans a, b et c. Quelle case finit dans c ?
learn-wuri-grand-slam-nothing-explain = F porte a, b et c à 2, 2 et 3 graines : toutes les graines de Nord. Rien n'est donc pris : au wuri, un grand chelem ne prend rien.
learn-wuri-grand-slam-capture-instead-task = Prenez au moins 2 graines.
learn-wuri-grand-slam-capture-instead-hint = Une prise qui laisse des graines à Nord compte.
learn-wuri-grand-slam-capture-instead-explain = D prend les 2 graines de a ; b et c restent à Nord, la prise compte donc.
learn-wuri-end-cannot-feed-task = La rangée de Nord est vide. Quel coup n'est pas permis ?
learn-wuri-end-cannot-feed-hint = Les graines de A s'arrêtent en D.
learn-wuri-end-cannot-feed-explain = A ne peut pas nourrir Nord : seul D est permis. Si aucun coup ne pouvait le nourrir, la partie s'arrêterait et chaque joueur prendrait les graines de sa rangée.
learn-wuri-practice-ending = Une fin de partie où vous menez 23 à 13 : jouez-la jusqu'au bout contre l'ordinateur, et gagnez.
learn-wuri-practice-whole-game = Une partie entière contre l'ordinateur à son niveau le plus facile : gagnez-la.

## Ouril.
learn-ouril-title = Ouril
learn-ouril-intro = L'ouril, tel qu'on le joue au Cap-Vert : semer, prendre et nourrir, les graines isolées, le grand chelem et son coup supplémentaire, et la fin de la partie.
learn-ouril-singletons-title = Les graines isolées
learn-ouril-singletons-intro = Une case qui contient une seule graine ne peut être jouée que si aucune de vos cases n'en contient deux ou plus.
learn-ouril-singletons-not-yet-task = Un de vos coups n'est pas permis : lequel, et pourquoi ?
learn-ouril-singletons-not-yet-hint = Regardez les cases qui contiennent une seule graine.
learn-ouril-singletons-not-yet-explain = A et C contiennent une seule graine alors que B en contient 3 : une graine isolée ne se joue que si aucune de vos cases n'en contient deux ou plus.
learn-ouril-singletons-only-singletons-task = Il ne reste que des graines isolées : vous pouvez maintenant les jouer. Prenez 2 graines.
learn-ouril-singletons-only-singletons-hint = La case a de Nord contient une graine.
learn-ouril-singletons-only-singletons-explain = La graine de F fait 2 dans a : prises. Nord garde sa graine en c.
learn-ouril-singletons-feed-first-task = La rangée de Nord est vide. Quel coup n'est pas permis ?
learn-ouril-singletons-feed-first-hint = Nourrir passe avant la règle des graines isolées.
learn-ouril-singletons-feed-first-explain = Les 2 graines de A n'atteignent pas Nord. F ne contient qu'une graine, mais c'est le seul coup qui le nourrit : quand la rangée de votre adversaire est vide, vous le nourrissez avec une case de deux graines ou plus si l'une l'atteint, sinon avec n'importe quelle case qui l'atteint.
learn-ouril-grand-slam-title = Le grand chelem et le coup supplémentaire
learn-ouril-grand-slam-intro = À l'ouril, un grand chelem est pris, et vous rejouez aussitôt ; ce coup supplémentaire doit laisser au moins une graine à votre adversaire.
learn-ouril-grand-slam-extra-turn-task = Prenez toutes les graines de la rangée de Nord : vous rejouerez ensuite.
learn-ouril-grand-slam-extra-turn-hint = Nord a 1, 1 et 2 graines dans a, b et c.
learn-ouril-grand-slam-extra-turn-explain = F prend c, b et a : 7 graines, toute la rangée de Nord. Vous rejouez aussitôt.
learn-ouril-grand-slam-feed-him-task = C'est votre coup supplémentaire après un grand chelem. Quel coup n'est pas permis ?
learn-ouril-grand-slam-feed-him-hint = Le coup supplémentaire doit laisser une graine à Nord.
learn-ouril-grand-slam-feed-him-explain = Les graines de A restent dans votre rangée et laisseraient Nord sans rien ; D atteint a. Le coup supplémentaire doit laisser au moins une graine à votre adversaire.
learn-ouril-grand-slam-twenty-five-task = Vous avez 18 graines. Gagnez aussitôt.
learn-ouril-grand-slam-twenty-five-hint = Un grand chelem qui vous amène à 25 termine la partie.
learn-ouril-grand-slam-twenty-five-explain = Le grand chelem de F prend 7 graines : 25, plus de la moitié, et vous gagnez aussitôt. Pas besoin de coup supplémentaire.
learn-ouril-end-no-extra-move-task = Terminez la partie maintenant.
learn-ouril-end-no-extra-move-hint = Après un grand chelem, vous devez rejouer et nourrir Nord. Et si aucun de vos coups ne le peut ?
learn-ouril-end-no-extra-move-explain = Après le grand chelem de F, vous rejouez et devez nourrir Nord, mais les 2 graines de A ne l'atteignent pas : la partie s'arrête, et chaque joueur prend les graines de sa rangée. Ici, cela fait 24 chacun : partie nulle.
learn-ouril-practice-ending = Une fin de partie où vous menez 23 à 13 : jouez-la jusqu'au bout contre l'ordinateur, et gagnez.
learn-ouril-practice-whole-game = Une partie entière contre l'ordinateur à son niveau le plus facile : gagnez-la.

## Awari.
learn-awari-title = Awari
learn-awari-intro = L'awari selon les règles de sa résolution : semer, prendre et nourrir, ne pas affamer, et la fin de la partie avec ses cycles sans fin.
learn-awari-starving-title = Affamer l'adversaire
learn-awari-starving-intro = Un coup qui laisse votre adversaire sans graines, en les prenant toutes ou en ne nourrissant pas sa rangée vide, n'est pas permis si vous avez un autre coup.
learn-awari-starving-take-all-task = Un coup prendrait toutes les graines de Nord. Il n'est pas permis : lequel est-ce ?
learn-awari-starving-take-all-hint = Nord a 1, 1 et 2 graines dans a, b et c. Quelle case finit dans c ?
learn-awari-starving-take-all-explain = F prendrait a, b et c : toutes les graines de Nord. Ce n'est pas permis tant qu'un autre coup lui laisse des graines. Si tous vos coups le laissaient sans rien, vous en joueriez un et sa prise compterait ; puis, n'ayant plus de graines à jouer, il vous laisserait toutes celles encore sur le plateau.
learn-awari-starving-leave-one-task = Prenez au moins 2 graines, et laissez le reste à Nord.
learn-awari-starving-leave-one-hint = Une prise qui s'arrête avant c laisse des graines à Nord.
learn-awari-starving-leave-one-explain = La dernière graine de D fait 2 dans a : vous les prenez, et b et c restent à Nord.
learn-awari-starving-bigger-task = Prenez au moins 5 graines.
learn-awari-starving-bigger-hint = Le coup qui atteint c prendrait tout, et n'est pas permis.
learn-awari-starving-bigger-explain = La dernière graine de E fait 3 dans b, et a en contient 2 : 5 graines, et c garde sa graine. F prendrait toutes les graines et n'est pas permis.
learn-awari-end-title = La fin de la partie
learn-awari-end-intro = Un joueur qui a 25 graines ou plus gagne aussitôt. Un cycle sans fin termine la partie, et les graines restantes sont partagées également.
learn-awari-end-twenty-five-task = Vous avez 22 graines. Gagnez la partie maintenant.
learn-awari-end-twenty-five-hint = 25 graines, plus de la moitié des 48, gagnent aussitôt.
learn-awari-end-twenty-five-explain = E prend 3 graines : 25 graines, plus de la moitié des 48, et vous gagnez aussitôt.
learn-awari-end-cycle-task = Les coups joués jusqu'ici sont dans la liste : les graines tournent en rond. Ramenez une position déjà vue pour terminer la partie.
learn-awari-end-cycle-hint = Au début de la liste, votre graine était en E, celles de Nord en a et e, et Nord avait le trait.
learn-awari-end-cycle-explain = Après F, la position du début revient : la partie se termine et les 3 graines du plateau sont partagées également, 1,5 chacun. Vous gagnez 24,5 à 23,5.
learn-awari-end-cycle-draw-task = De nouveau les graines tournent en rond. Terminez la partie en ramenant une position déjà vue.
learn-awari-end-cycle-draw-hint = Au début de la liste, vos graines étaient en E et F, celles de Nord en d et e, et Nord avait le trait.
learn-awari-end-cycle-draw-explain = Après D, la position du début revient. Les 4 graines du plateau sont partagées, 2 chacun : 24 à 24, partie nulle.
learn-awari-practice-ending = Une fin de partie où vous menez 23 à 13 : jouez-la jusqu'au bout contre l'ordinateur, et gagnez.
learn-awari-practice-whole-game = Une partie entière contre l'ordinateur à son niveau le plus facile : gagnez-la.

## Ọlọwuka.
learn-olowuka-title = Ọlọwuka
learn-olowuka-intro = L'ọlọwuka, du pays yoruba : semer en plusieurs tours, prendre à la fin du dernier tour et son grand chelem, ne pas affamer l'adversaire, et la fin de la partie.
learn-olowuka-laps-title = Semer en plusieurs tours
learn-olowuka-laps-intro = On sème dans le sens inverse des aiguilles d'une montre à travers les deux rangées. Si la dernière graine d'un tour porte une case à 4 graines ou plus, vous prenez toutes ses graines et continuez à semer : un relais. Une dernière graine dans une case vide termine le coup.
learn-olowuka-laps-relay-task = Jouez un coup d'au moins deux tours.
learn-olowuka-laps-relay-hint = Lequel de vos coups finit dans une case qui contient déjà 3 graines ?
learn-olowuka-laps-relay-explain = La dernière graine de A fait 4 dans C : vous les prenez et semez à partir de D. Ce tour finit dans la case a de Nord, qui contient alors 3 graines : prises.
learn-olowuka-laps-ends-empty-task = Jouez un relais dont le dernier tour finit dans une case vide.
learn-olowuka-laps-ends-empty-hint = Les trois graines de A atteignent D, qui en contient déjà 3.
learn-olowuka-laps-ends-empty-explain = La dernière graine de A fait 4 dans D : relais. Les 4 graines de D vont dans E, F, a et b ; b était vide, le coup s'arrête donc là.
learn-olowuka-laps-own-row-task = Faites tomber votre dernière graine dans votre case D.
learn-olowuka-laps-own-row-hint = D contient 1 graine. Comptez les 3 graines de A.
learn-olowuka-laps-own-row-explain = La dernière graine de A fait 2 dans D, une de vos propres cases : ni prise ni relais, le coup s'arrête simplement.
learn-olowuka-capture-title = Prendre
learn-olowuka-capture-intro = On ne prend qu'à la fin du dernier tour : 2 ou 3 graines dans une case adverse, et les cases précédentes qui en contiennent 2 ou 3. Une prise qui enlèverait toutes les graines lui laisse une case.
learn-olowuka-capture-after-relay-task = Prenez dans deux cases de Nord, après un relais.
learn-olowuka-capture-after-relay-hint = Une graine qui fait 4 dans la rangée de Nord lance aussi un relais.
learn-olowuka-capture-after-relay-explain = Un tour qui finit dans une case de 4 graines ou plus continue, même dans la rangée de Nord. Ici le relais finit dans e, qui contient alors 2 graines, et d, avant elle, en contient 2 aussi : les deux sont prises.
learn-olowuka-capture-grand-slam-task = Un coup prendrait toutes les graines de la rangée de Nord. Trouvez-le et voyez ce que la règle lui laisse.
learn-olowuka-capture-grand-slam-hint = Suivez le relais de D jusqu'au bout.
learn-olowuka-capture-grand-slam-explain = Le relais de D finit dans f, et la chaîne f, e, d, c, b, a prendrait toute la rangée de Nord. La dernière case de la chaîne, a, garde donc ses 2 graines : vous prenez les 11 autres.
learn-olowuka-capture-single-pit-task = Il ne reste à Nord qu'une case avec des graines. Trouvez le coup qui la prendrait, et voyez ce qui arrive.
learn-olowuka-capture-single-pit-hint = Laquelle de vos cases atteint a ?
learn-olowuka-capture-single-pit-explain = F fait 2 dans a, mais a contient toutes les graines de Nord : quand une prise enlèverait une seule case qui contient tout, rien n'est pris.
learn-olowuka-end-title = La fin de la partie
learn-olowuka-end-intro = Vous ne devez pas affamer votre adversaire. Un joueur qui a 25 graines ou plus gagne aussitôt, et une position qui revient termine la partie.
learn-olowuka-end-starve-task = La rangée de Nord est vide. Quel coup n'est pas permis ?
learn-olowuka-end-starve-hint = Quel coup laisse Nord sans rien ?
learn-olowuka-end-starve-explain = La graine de A reste dans votre rangée et ne laisse rien à Nord ; F le nourrit. Vous ne devez pas affamer votre adversaire tant qu'un autre coup lui laisse des graines. Si aucun ne le faisait, tout coup serait permis ; il ne pourrait alors plus jouer, la partie s'arrêterait, et chaque joueur prendrait les graines de sa rangée.
learn-olowuka-end-twenty-five-task = Vous avez 14 graines. Gagnez la partie en un coup.
learn-olowuka-end-twenty-five-hint = Suivez le relais de D.
learn-olowuka-end-twenty-five-explain = Le relais de D finit dans f et sa chaîne prend 11 graines (a garde ses 2) : 25 graines, plus de la moitié, et vous gagnez.
learn-olowuka-practice-ending = Une fin de partie où vous menez 20 à 4 : jouez-la jusqu'au bout contre l'ordinateur, et gagnez.
learn-olowuka-practice-whole-game = Une partie entière contre l'ordinateur à son niveau le plus facile : gagnez-la.

## Ba-awa.
learn-ba-awa-title = Ba-awa
learn-ba-awa-intro = Le ba-awa, du Ghana : semer en plusieurs tours, les quatre pris en semant, les manches qui changent les propriétaires des cases, et le match.
learn-ba-awa-laps-title = Semer en plusieurs tours
learn-ba-awa-laps-intro = Semez à partir d'une case qui vous appartient. Si la dernière graine d'un tour tombe dans une case qui n'était pas vide (sans faire 4), prenez-en toutes les graines et continuez : un relais. Une dernière graine dans une case vide termine le coup.
learn-ba-awa-laps-relay-task = Jouez un coup d'au moins deux tours.
learn-ba-awa-laps-relay-hint = La graine de A tombe dans B, qui en contient 1.
learn-ba-awa-laps-relay-explain = La graine de A fait 2 dans B : vous les prenez et continuez, dans C puis D, qui en contient alors 3 : encore. Le troisième tour finit dans la case a de Nord, qui était vide : le coup s'arrête.
learn-ba-awa-laps-ends-empty-task = Jouez un relais dont le dernier tour finit dans une case vide.
learn-ba-awa-laps-ends-empty-hint = Les coups de E et de F finissent par un tour dont la dernière graine fait 4.
learn-ba-awa-laps-ends-empty-explain = C fait des relais jusqu'à ce qu'un tour finisse dans une case vide. E et F finissent par un tour dont la dernière graine fait 4 dans c : ces quatre graines sont prises, et le coup s'arrête là.
learn-ba-awa-laps-pass-task = Nord n'a plus de graines. Jouez un coup après lequel il n'en a toujours pas : il passe, et vous rejouez.
learn-ba-awa-laps-pass-hint = Quel coup garde ses graines dans votre rangée ?
learn-ba-awa-laps-pass-explain = Les graines de B s'arrêtent en D et les cases de Nord restent vides : un joueur qui ne possède aucune case avec des graines passe, et son adversaire rejoue.
learn-ba-awa-fours-title = Les quatre
learn-ba-awa-fours-intro = Chaque fois qu'une graine porte une case à exactement 4 graines, ces 4 graines sont prises : par le propriétaire de la case si le semis continue, par le joueur qui sème si c'était la dernière graine du tour.
learn-ba-awa-fours-last-seed-task = Prenez un quatre avec la dernière graine d'un tour.
learn-ba-awa-fours-last-seed-hint = E contient 3 graines. Quel coup finit là ?
learn-ba-awa-fours-last-seed-explain = La dernière graine de B fait 4 dans E : vous les prenez, et le coup s'arrête.
learn-ba-awa-fours-while-sowing-task = Gagnez un quatre en semant, au milieu d'un tour.
learn-ba-awa-fours-while-sowing-hint = B contient 3 graines, et c'est votre case.
learn-ba-awa-fours-while-sowing-explain = La première graine de A fait 4 dans B, votre case : vous les prenez aussitôt, et le semis continue dans C.
learn-ba-awa-fours-his-four-task = Quel coup fait un quatre dans une case de Nord en semant ? Jouez-le et voyez qui le prend.
learn-ba-awa-fours-his-four-hint = La case a de Nord contient 3 graines.
learn-ba-awa-fours-his-four-explain = La deuxième graine de E fait 4 dans a : ces quatre graines vont à Nord, le propriétaire de la case, même si c'est vous qui semez.
learn-ba-awa-fours-last-in-his-row-task = Prenez un quatre dans la rangée de Nord avec la dernière graine d'un tour.
learn-ba-awa-fours-last-in-his-row-hint = La case a de Nord contient 3 graines. Quel coup y met sa dernière graine ?
learn-ba-awa-fours-last-in-his-row-explain = La dernière graine de D fait 4 dans a : un quatre fait par la dernière graine d'un tour va au joueur qui sème, quel que soit le propriétaire de la case.
learn-ba-awa-rounds-title = Les manches et le match
learn-ba-awa-rounds-intro = Quand un coup laisse 8 graines ou moins, le joueur qui a commencé la manche les prend et la manche se termine. Chaque joueur possède ensuite une case par 4 graines prises ; le premier qui possède 10 cases gagne le match.
learn-ba-awa-rounds-end-round-task = Terminez la manche.
learn-ba-awa-rounds-end-round-hint = Il y a 12 graines sur le plateau : un quatre pris en laisse 8.
learn-ba-awa-rounds-end-round-explain = Le relais de D fait un quatre dans la case c de Nord, qui le prend : il reste 8 graines, la manche se termine, et vous, qui l'avez commencée, les prenez.
learn-ba-awa-rounds-more-pits-task = Terminez la manche de façon à posséder au moins 8 cases dans la suivante.
learn-ba-awa-rounds-more-pits-hint = 8 cases demandent 32 graines, et celui qui a commencé la manche prend les 8 dernières.
learn-ba-awa-rounds-more-pits-explain = La dernière graine de F fait 4 dans a : à vous. Avec les 8 graines restantes, que vous prenez parce que vous avez commencé la manche, vous avez 32 graines : 8 cases dans la manche suivante. D terminerait aussi la manche, mais donnerait le quatre à Nord : 28 graines, 7 cases.
learn-ba-awa-rounds-new-owners-task = Une nouvelle manche : vous possédez la case f, dans la rangée de Nord (elle est marquée comme vôtre). Gagnez un quatre.
learn-ba-awa-rounds-new-owners-hint = Jouez la case que vous possédez dans la rangée de Nord.
learn-ba-awa-rounds-new-owners-explain = Les cases changent de propriétaire entre les manches, et vous pouvez semer à partir de n'importe quelle case qui vous appartient, dans l'une ou l'autre rangée : les relais de f finissent par un tour dont la dernière graine fait 4, et ce quatre est à vous.
learn-ba-awa-rounds-win-match-task = Vous possédez 9 cases et avez commencé cette manche. Gagnez le match.
learn-ba-awa-rounds-win-match-hint = 10 cases gagnent : il vous faut 40 graines dans cette manche, les 8 dernières comprises.
learn-ba-awa-rounds-win-match-explain = La dernière graine de C fait 4 dans D : 32 graines, et comme vous avez commencé la manche vous prenez les 8 restantes : 40 graines, 10 cases, et le match est à vous.
learn-ba-awa-practice-round = Une manche contre l'ordinateur à son niveau le plus facile : prenez plus de graines que lui.
learn-ba-awa-practice-match = Une manche avant la fin d'un match : gagnez-le contre l'ordinateur.

## Isolo.
learn-isolo-title = Isolo
learn-isolo-intro = L'isolo, de Zambie : chaque joueur ne sème que dans sa propre rangée. Un jeu préliminaire avec des graines de réserve, des prises semées de nouveau, la mise en place du gagnant (le kucheleka) et la partie proprement dite.
learn-isolo-foregame-title = Le jeu préliminaire
learn-isolo-foregame-intro = Chaque coup ajoute une graine de votre réserve à l'une de vos cases ; vous prenez les graines de cette case et les semez à partir de votre case la plus à gauche, A. Un tour qui finit dans une case vide termine le coup : vous dormez.
learn-isolo-foregame-stock-task = Ajoutez une graine de réserve à une case et semez de façon que votre dernière graine tombe dans B.
learn-isolo-foregame-stock-hint = D contient 1 graine : avec la graine de réserve, 2 graines sont semées à partir de A.
learn-isolo-foregame-stock-explain = D reçoit une graine de réserve, vous prenez ses 2 graines et les semez à partir de A : A, B. B était vide, le coup s'arrête donc.
learn-isolo-foregame-seventh-task = Faites tomber votre dernière graine dans A.
learn-isolo-foregame-seventh-hint = Un coup joué de votre 7e case, G, commence dans votre 8e case, H.
learn-isolo-foregame-seventh-explain = G reçoit une graine de réserve : ses 2 graines sont semées à partir de H, votre 8e case, puis on repart au début de votre rangée, dans A, qui était vide : le coup s'arrête.
learn-isolo-foregame-relay-task = Jouez un coup de deux tours.
learn-isolo-foregame-relay-hint = Un tour qui finit dans une de vos cases qui n'était pas vide, en face d'une case vide de Nord, continue.
learn-isolo-foregame-relay-explain = Les 2 graines de D vont dans A et B. B contenait une graine et la case g de Nord, en face, est vide : vous prenez les graines de B et continuez à semer à partir de C, un relais.
learn-isolo-foregame-capture-task = Prenez 2 graines de Nord.
learn-isolo-foregame-capture-hint = Cette fois, la case g de Nord, en face de votre B, contient 2 graines.
learn-isolo-foregame-capture-explain = Le tour de D finit dans B, qui contenait une graine, en face des 2 graines de g : vous les prenez et, comme c'était le premier tour du coup, les semez à partir de A. Les graines prises retournent directement dans votre rangée.
learn-isolo-foregame-win-task = Chaque case contient 2 graines. Gagnez le jeu préliminaire dès votre premier coup.
learn-isolo-foregame-win-hint = Deux coups y parviennent ; l'un d'eux est le coup joué de votre 7e case.
learn-isolo-foregame-win-explain = Les prises en amènent d'autres : G (comme B) prend toutes les graines de la rangée de Nord en un seul coup, et celui qui vide la rangée de son adversaire gagne le jeu préliminaire. Le texte de 1977, lu à la lettre, le permet.
learn-isolo-captures-title = Les prises semées de nouveau
learn-isolo-captures-intro = Quand un tour finit dans une de vos cases qui n'était pas vide et que la case d'en face contient des graines, vous les prenez et les semez comme un nouveau tour : à partir de votre case la plus à gauche après le premier tour, sinon à partir de la case où le tour preneur a commencé. Une graine isolée prise dans une case d'extrémité, ou dans sa voisine, emporte aussi les cases d'extrémité.
learn-isolo-captures-first-lap-task = La partie proprement dite : le semis commence dans la case suivante. Prenez 3 graines.
learn-isolo-captures-first-lap-hint = La case e de Nord contient 3 graines ; laquelle de vos cases lui fait face ?
learn-isolo-captures-first-lap-explain = Votre premier tour finit dans D, qui contenait une graine, en face des 3 graines de e : vous les prenez et les semez à partir de votre case la plus à gauche, A, parce que la prise a eu lieu au premier tour.
learn-isolo-captures-later-lap-task = Prenez lors d'un tour suivant, après un relais.
learn-isolo-captures-later-lap-hint = Le premier tour de A finit dans C, en face d'une case vide.
learn-isolo-captures-later-lap-explain = Le premier tour de A finit dans C, en face d'un f vide : relais. Le tour suivant finit dans E, en face des 2 graines de d : prises, et semées à partir de D, où ce tour avait commencé.
learn-isolo-captures-single-seed-task = Prenez une graine isolée dans la case voisine de la case d'extrémité de Nord.
learn-isolo-captures-single-seed-hint = La case b de Nord contient une seule graine ; laquelle de vos cases lui fait face ?
learn-isolo-captures-single-seed-explain = Le tour de E finit dans G, en face de la graine isolée de b. b est voisine de la case d'extrémité de Nord : vous prenez aussi a, la case d'extrémité, et votre propre case d'extrémité en face, H, et semez le tout à partir de votre autre extrémité, A.
learn-isolo-kucheleka-title = Le kucheleka
learn-isolo-kucheleka-intro = Le gagnant du jeu préliminaire met en place la partie proprement dite : le perdant met 2 graines dans chacune de ses cases, le gagnant autant qu'il veut dans les siennes, au moins une graine en tout. Puis le gagnant joue le premier.
learn-isolo-kucheleka-capture-task = Vous avez gagné le jeu préliminaire. Mettez en place votre rangée avec au plus 3 graines, de façon qu'un de vos premiers coups prenne au moins 2 graines.
learn-isolo-kucheleka-capture-hint = Les cases de Nord contiendront toutes 2 graines : un tour qui finit dans une de vos cases occupées prend. Essayez 2 graines en C et 1 en E.
learn-isolo-kucheleka-capture-explain = Les cases de Nord contiennent toutes 2 graines : tout tour qui finit dans une de vos cases occupées prend. Vous jouez le premier dans la partie proprement dite : la mise en place vous permet de préparer cette prise.
learn-isolo-kucheleka-capture-more-task = Mettez en place votre rangée avec au plus 4 graines, de façon qu'un de vos premiers coups prenne au moins 4 graines.
learn-isolo-kucheleka-capture-more-hint = Essayez 1 graine en B, 2 en C et 1 en E, puis jouez C.
learn-isolo-kucheleka-capture-more-explain = Les graines prises sont semées de nouveau et peuvent prendre encore : quelques graines bien placées rapportent bien plus qu'elles ne valent.
learn-isolo-kucheleka-win-at-once-task = Mettez en place votre rangée avec au plus 6 graines, de façon qu'un de vos premiers coups vide la rangée de Nord et gagne la partie.
learn-isolo-kucheleka-win-at-once-hint = Une graine dans chacune des cases A, B, E et G, puis jouez A.
learn-isolo-kucheleka-win-at-once-explain = Avec la bonne mise en place, les prises s'enchaînent jusqu'à vider la rangée de Nord : le gagnant du jeu préliminaire peut gagner la partie proprement dite dès son premier coup.
learn-isolo-proper-title = La partie proprement dite
learn-isolo-proper-intro = Il n'y a plus de réserve, et un coup sème à partir de la case qui suit celle que vous videz. Celui qui vide la rangée de son adversaire gagne ; une position qui revient donne une partie nulle.
learn-isolo-proper-next-pit-task = Faites tomber votre dernière graine dans E.
learn-isolo-proper-next-pit-hint = Dans la partie proprement dite, le semis commence dans la case suivante.
learn-isolo-proper-next-pit-explain = Les 2 graines de C vont dans D et E : dans la partie proprement dite, on sème à partir de la case qui suit celle qu'on vide, et non de sa case la plus à gauche.
learn-isolo-proper-empty-row-task = Gagnez la partie : videz la rangée de Nord.
learn-isolo-proper-empty-row-hint = Les graines prises, semées de nouveau, peuvent prendre encore ; suivez les tours de D.
learn-isolo-proper-empty-row-explain = Les tours et les prises de D enlèvent les dernières graines de Nord : celui qui vide la rangée de son adversaire gagne la partie.
learn-isolo-proper-repetition-task = Les coups joués jusqu'ici sont dans la liste. Un de vos coups ramène une position déjà vue : jouez-le.
learn-isolo-proper-repetition-hint = Au début de la liste, vos graines étaient en A et E, celle de Nord en h, et vous aviez le trait.
learn-isolo-proper-repetition-explain = Après D, vos graines sont en B et E et celle de Nord en h, avec Nord au trait, comme après votre premier coup : la première fois qu'une position de la partie proprement dite revient, la partie est nulle.
learn-isolo-practice-foregame = Jouez le jeu préliminaire contre l'ordinateur à son niveau le plus facile, et gagnez-le.
learn-isolo-practice-proper-game = Une partie proprement dite où chaque case contient 2 graines : videz la rangée de l'ordinateur.

## L'écran des leçons de `mancala learn`.
learn-screen-title = { " " }mancala · apprendre
learn-screen-games = jeux
learn-screen-stages = leçons et entraînement
learn-screen-practice = entraînement
learn-screen-keys-list = ↑↓ choisir  Entrée ouvrir  Échap retour  q quitter
learn-screen-step-title = { " " }mancala · apprendre · { $game } · { $stage } · exercice { $step }/{ $steps }
learn-screen-practice-title = { " " }mancala · apprendre · { $game } · entraînement contre l'ordinateur (niveau { $level })
learn-screen-lesson = leçon
learn-screen-task = Tâche :
learn-screen-hint = Indice :
learn-screen-answer = Un coup qui le fait : { $move }
learn-screen-moves = Coups joués : { $moves }
learn-screen-keys-step = ←→↑↓ A-{ $last } Entrée jouer  t indice  v réponse  r recommencer  n suivant  p précédent  Échap liste  ? aide  q quitter
learn-screen-keys-setup = mise en place : ←→ case  ↑/+ ↓/- graines  0-9 saisir  Entrée valider  t indice  v réponse  r recommencer  n suivant  Échap liste  q quitter
learn-screen-keys-solved = n ou Entrée : exercice suivant  p précédent  r recommencer  Échap liste  q quitter
learn-screen-keys-practice = ←→↑↓ A-{ $last } Entrée jouer  u/r annuler/rétablir  t indice du moteur  n recommencer  Échap liste  q quitter
learn-screen-stage-done = Étape terminée : { $stage }.
learn-screen-practice-won = Vous avez gagné : cet entraînement est fait.
learn-screen-practice-lost = Pas gagné cette fois : n pour recommencer.
learn-screen-save-failed = impossible de garder la progression : { $error }
learn-screen-reset = { $count ->
    [one] { $count } exercice ou entraînement fait oublié.
   *[other] { $count } exercices et entraînements faits oubliés.
}
learn-screen-not-terminal = Lancez `mancala learn` dans un terminal pour suivre les leçons.
