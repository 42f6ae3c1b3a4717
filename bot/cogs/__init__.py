"""The bot's features, one cog each: `games` (challenge to rematch), `hands` (the private
hand panel and the moves played from it), `timers` (challenge expiry and turn deadlines),
`standing` (leaderboard, stats, your games, game records), `decks` (saved decks), `admin`
(the server's settings) and `help` (the rules help). Each is given what it uses (the
service, the poster, the guard) by `bot.app.CaravanBot`; none reaches for the bot."""
