extension SessionKind {
    /// The session's slots, most important first. A session of at most `n` exercises plans the
    /// first `n`; the rest are reserves that fill in, in order, for planned slots nothing can
    /// fill. The programme lists exercises compounds first whatever their slot's place here.
    ///
    /// A repeated slot (two horizontal pushes) takes a second canonical group: no session
    /// repeats one.
    public var slots: [Slot] {
        switch self {
        case .push:
            [
                .horizontalPush, .verticalPush, .shouldersIsolation, .tricepsIsolation,
                .horizontalPush, .chestFly, .dip, .shouldersIsolation,
                // Reserves.
                .tricepsIsolation, .verticalPush, .chestFly, .abs, .obliques,
            ]
        case .pull:
            [
                .verticalPull, .horizontalPull, .bicepsIsolation, .rearDelts,
                .horizontalPull, .bicepsIsolation, .verticalPull, .backIsolation,
                // Reserves.
                .forearms, .hinge, .carry, .abs, .obliques, .abs,
            ]
        case .legs, .lower:
            [
                .squat, .hinge, .lunge, .legCurl,
                .hipExtension, .legExtension, .calfRaise, .abs,
                // Reserves.
                .glutesIsolation, .obliques, .squat, .hinge, .lunge, .abs,
            ]
        case .upper:
            [
                .horizontalPush, .horizontalPull, .verticalPush, .verticalPull,
                .bicepsIsolation, .tricepsIsolation, .shouldersIsolation, .chestFly,
                // Reserves.
                .horizontalPull, .horizontalPush, .rearDelts, .dip, .forearms, .abs, .obliques,
            ]
        case .fullBody:
            [
                .squat, .horizontalPush, .horizontalPull, .hinge,
                .verticalPush, .verticalPull, .lunge, .shouldersIsolation,
                // Reserves.
                .bicepsIsolation, .tricepsIsolation, .legCurl, .hipExtension, .calfRaise, .abs,
                .chestFly, .legExtension, .obliques,
            ]
        }
    }
}
