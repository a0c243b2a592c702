"""What a page shows: the score table, the game night's words, 'My games', the result
picture, the exports and the page cache."""
