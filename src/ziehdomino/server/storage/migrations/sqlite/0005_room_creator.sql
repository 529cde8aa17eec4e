-- PostgreSQL stores the creator's address key in a column of its own, so that every process
-- counts an address's open rooms. One SQLite process counts them in memory: nothing changes here.
SELECT 1;
