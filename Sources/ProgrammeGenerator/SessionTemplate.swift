/// The slots of one session, most important first.
///
/// The core slots are what makes the session what it is (a push day's presses, a leg day's
/// squat and hinge): they come first, and priority work is added after them, never in their
/// place. The other slots follow in order, and fill the session up to its exercise count; a slot
/// that nothing can fill or that does not fit the time gives way to the next.
public struct SessionTemplate: Hashable, Sendable {
    public var core: [Slot]
    public var others: [Slot]

    public init(core: [Slot], others: [Slot]) {
        self.core = core
        self.others = others
    }

    /// Every slot, core first.
    public var slots: [Slot] { core + others }
}

extension SessionKind {
    /// The template of this kind of session. The second session of a kind in the week (Push B,
    /// Upper B, Full Body B, Lower B) leads with the other main movements, as a coach varies an
    /// A/B week: Push B presses overhead first, Pull B rows first, Lower B hinges first, Upper B
    /// presses overhead and pulls down first.
    public func template(isSecond: Bool) -> SessionTemplate {
        switch (self, isSecond) {
        case (.push, _):
            SessionTemplate(
                core: isSecond ? [.verticalPush, .horizontalPush, .chest] : [.horizontalPush, .verticalPush, .chest],
                others: [
                    .tricepsIsolation, .lateralRaise, .chestFly, .tricepsCompound, .tricepsIsolation,
                    .shouldersIsolation, .abs, .obliques,
                ])
        case (.pull, _):
            SessionTemplate(
                core: isSecond ? [.horizontalPull, .verticalPull, .back] : [.verticalPull, .horizontalPull, .back],
                others: [.bicepsIsolation, .rearDelts, .bicepsIsolation, .forearms, .abs, .obliques])
        case (.legs, _), (.lower, _):
            SessionTemplate(
                core: isSecond ? [.hinge, .squat] : [.squat, .hinge],
                others: [
                    .lunge, .legCurl, .legExtension, .hipExtension, .calfRaise, .abs, .glutesIsolation,
                    .obliques,
                ])
        case (.upper, _):
            // Upper B keeps a horizontal press among its core slots: chest is trained twice a
            // week whatever priorities take the session's other places.
            SessionTemplate(
                core: isSecond ? [.verticalPush, .verticalPull, .horizontalPush] : [.horizontalPush, .horizontalPull],
                others: (isSecond ? [Slot.horizontalPull] : [.verticalPush, .verticalPull]) + [
                    .bicepsIsolation, .tricepsIsolation, .lateralRaise, .rearDelts, .chestFly, .abs,
                ])
        case (.fullBody, _):
            SessionTemplate(
                core: isSecond
                    ? [.hinge, .verticalPush, .verticalPull, .squat]
                    : [.squat, .horizontalPush, .horizontalPull, .hinge],
                others: (isSecond ? [Slot.horizontalPush, .horizontalPull] : [.verticalPush, .verticalPull]) + [
                    .lunge, .lateralRaise, .bicepsIsolation, .tricepsIsolation, .legCurl, .calfRaise, .abs,
                ])
        }
    }
}
