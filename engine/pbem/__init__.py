"""Play by e-mail: a game file that travels between two players, every move checked by the rules and
every roll made by both players together (record.py, referee.py, dice.py, keyring.py, table.py)."""
