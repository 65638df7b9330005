this file is under decks/ and is never read
