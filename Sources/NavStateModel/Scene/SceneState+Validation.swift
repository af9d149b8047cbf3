extension SceneState {
    /// Checks the invariants every state must satisfy: unmanaged
    /// presentations show nothing of their own; every tab bar has tabs with
    /// distinct identifiers (not empty, without `/`) and selects one of
    /// them; a split view selects nothing in a content column it does not
    /// have; and every checkpoint points into a stack that exists, at an
    /// index no deeper than that stack.
    ///
    /// - Throws: ``SceneStateError`` naming the first broken rule.
    public func validate() throws(SceneStateError) {
        for (offset, presentation) in presentations.enumerated()
        where !presentation.method.isManaged && presentation.content != .empty {
            throw .stackInUnmanagedPresentation(
                presentation: offset + 1, method: presentation.method, entries: presentation.content.entryCount)
        }
        for level in 0...presentations.count {
            guard let container = container(level: level) else { continue }
            try Self.validate(container, at: StackAddress(presentation: level))
        }
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

    private static func validate(_ container: NavContainer<Element>, at address: StackAddress) throws(SceneStateError) {
        switch container {
        case .stack:
            return
        case .tabs(let tabs):
            guard !tabs.tabs.isEmpty else { throw .emptyTabBar(address) }
            var seen: Set<String> = []
            for tab in tabs.tabs {
                guard NavTabs<Element>.isValidID(tab.id) else { throw .invalidTabID(tab.id, tabBar: address) }
                guard seen.insert(tab.id).inserted else { throw .duplicateTabID(tab.id, tabBar: address) }
                try validate(tab.content, at: address.appending(.tab(tab.id)))
            }
            guard seen.contains(tabs.selected) else { throw .selectedTabMissing(tabs.selected, tabBar: address) }
        case .split(let split):
            if split.content != nil && !split.hasContentColumn { throw .contentSelectionWithoutColumn(address) }
            try validate(split.detail, at: address.appending(.detail))
        }
    }
}

extension NavTabs {
    /// Whether `id` can name a tab: not empty, and without `/` (which
    /// separates the parts of an address).
    public static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && !id.contains("/")
    }
}
