-- A tournament's deck policy: everyone plays the standard deck ('standard'), or each entrant
-- may bring one of their saved decks ('own', New Vegas rules only). An entrant's deck is
-- kept as it was when they brought it (its name and its cards in notation), so editing or
-- deleting the saved deck later changes nothing in the event.

ALTER TABLE tournaments ADD COLUMN decks TEXT NOT NULL DEFAULT 'standard'
    CHECK (decks IN ('standard', 'own'));
ALTER TABLE entrants ADD COLUMN deck_name TEXT;
ALTER TABLE entrants ADD COLUMN deck TEXT;
