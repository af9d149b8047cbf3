extension SQLiteConnection {
    /// Begins a read snapshot: one read transaction, its snapshot taken
    /// now (sqlite.org/isolation.html: in WAL mode a reader sees the file
    /// as of its transaction's first read), which every transaction joins
    /// until ``endSnapshot()``. A tool that reads several things from a
    /// live file sees them as of one moment.
    package func beginSnapshot() throws(SQLiteError) {
        guard !holdsSnapshot else { return }
        try execute("BEGIN DEFERRED; SELECT count(*) FROM sqlite_schema")
        holdsSnapshot = true
    }

    /// Ends the read snapshot ``beginSnapshot()`` began.
    package func endSnapshot() {
        guard holdsSnapshot else { return }
        holdsSnapshot = false
        resetActiveStatements()
        if !isAutocommit { try? execute("COMMIT") }
    }
}
