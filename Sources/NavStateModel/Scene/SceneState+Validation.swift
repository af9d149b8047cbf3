extension SceneState {
    /// Checks the invariants every state must satisfy: plain
    /// presentations show nothing of their own; every tab bar has tabs with
    /// distinct identifiers (not empty, without `/`) and selects one of
    /// them; a split view selects nothing in a content column it does not
    /// have; and every checkpoint points into a stack that exists, at an
    /// index no deeper than that stack.
    ///
    /// - Throws: ``NavStateError`` naming the first broken rule.
    @inlinable
    public func validate() throws(NavStateError) {
        try validatePresentations()
        if !isOneStackPerLevel {
            for level in 0...presentations.count {
                guard let container = container(level: level) else { continue }
                if case .stack = container { continue }
                try Self.validate(container, at: StackAddress(presentation: level))
            }
        }
        try validateCheckpoints()
    }

    /// Every rule of ``validate()`` but those of its tab bars and split
    /// views: for a store whose cached head had the same tree.
    @inlinable
    package func validateSkippingTree() throws(NavStateError) {
        try validatePresentations()
        try validateCheckpoints()
    }

    @inlinable
    func validatePresentations() throws(NavStateError) {
        for (offset, presentation) in presentations.enumerated()
        where !presentation.method.isManaged && presentation.content != .empty {
            throw .stackInPlainPresentation(
                presentation: offset + 1, method: presentation.method, entries: presentation.content.entryCount)
        }
    }

    @inlinable
    func validateCheckpoints() throws(NavStateError) {
        for checkpoint in checkpoints {
            guard let stack = stack(checkpoint.stack) else {
                throw .checkpointStackMissing(checkpoint: checkpoint.name, stack: checkpoint.stack)
            }
            guard checkpoint.entriesKept >= 0, checkpoint.entriesKept <= stack.count else {
                throw .checkpointBeyondStack(
                    checkpoint: checkpoint.name, stack: checkpoint.stack, keeps: checkpoint.entriesKept, entries: stack.count)
            }
        }
    }

    @usableFromInline
    static func validate(_ container: NavContainer<Element>, at address: StackAddress) throws(NavStateError) {
        switch container {
        case .stack:
            return
        case .tabs(let tabs):
            guard !tabs.tabs.isEmpty else { throw .emptyTabBar(address) }
            // A tab bar has a handful of tabs: comparing each with those
            // before it is cheaper than hashing, and a save checks them all.
            // Past a few, a set keeps the check linear: a restore checks
            // what a file holds, and a file can hold any number of tabs.
            var selectedFound = false
            let all = tabs.tabs
            var seen: Set<String>? = all.count > Self.tabsComparedInPairs ? Set(minimumCapacity: all.count) : nil
            for index in all.indices {
                let tab = all[index]
                guard NavTabs<Element>.isValidID(tab.id) else { throw .invalidTabID(tab.id, tabBar: address) }
                if seen != nil {
                    if seen?.insert(tab.id).inserted == false { throw .duplicateTabID(tab.id, tabBar: address) }
                } else {
                    var earlier = all.startIndex
                    while earlier < index {
                        if all[earlier].id == tab.id { throw .duplicateTabID(tab.id, tabBar: address) }
                        earlier += 1
                    }
                }
                if !selectedFound && tab.id == tabs.selected { selectedFound = true }
                if case .stack = tab.content { continue }
                try validate(tab.content, at: address.appending(.tab(tab.id)))
            }
            guard selectedFound else { throw .selectedTabMissing(tabs.selected, tabBar: address) }
        case .split(let split):
            if split.content != nil && !split.hasContentColumn { throw .contentSelectionWithoutColumn(address) }
            try validate(split.detail, at: address.appending(.detail))
        }
    }
}

extension SceneState {
    /// Tab bars up to this many tabs are checked for repeated ids pair by
    /// pair; longer ones through a set.
    @usableFromInline
    static var tabsComparedInPairs: Int { 16 }
}

extension NavTabs {
    /// Whether `id` can name a tab: not empty, and without `/` (which
    /// separates the parts of an address).
    @inlinable
    public static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && !id.utf8.contains(UInt8(ascii: "/"))
    }
}
