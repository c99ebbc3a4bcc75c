// Stand-ins for the SwiftUI declarations the iOS pages use (docs/swiftui.md, docs/recording.md,
// docs/stand-ins.md, the DocC articles), with the shapes Apple documents: the hinge API as
// developer.apple.com documents it for iOS 27.1 (View.onHingeChange(isEnabled:_:),
// DeviceHingeContext, DeviceHinge, DeviceHinge.Status), the rest as in the SwiftUI reference.
//
// Type-check only. SnippetTests builds this file in a temporary folder as a module named
// SwiftUI (never a package target) and runs `swiftc -typecheck` on each Swift block marked
// `<!-- snippet: apple -->` against it, so a block that calls an API with the wrong name, labels,
// closure arity, types or optionality fails `make test`. Nothing here is ever run: bodies only
// satisfy the compiler. What this cannot check is in docs/snippets.md.

@_exported import CoreGraphics

// MARK: Views and builders

@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError("a primitive view has no body") }
}

/// A view SwiftUI draws itself: its body is never asked for.
public protocol PrimitiveView: View where Body == Never {}
extension PrimitiveView {
    public var body: Never { fatalError("a primitive view has no body") }
}

@resultBuilder public enum ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(
        _ content: repeat each Content
    ) -> TupleView<
        (repeat each Content)
    > { TupleView((repeat each content)) }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<First: View, Second: View>(first: First) -> ConditionalContent<First, Second> {
        ConditionalContent()
    }
    public static func buildEither<First: View, Second: View>(second: Second) -> ConditionalContent<First, Second> {
        ConditionalContent()
    }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError("a primitive view has no body") }
}

public struct EmptyView: PrimitiveView { public nonisolated init() {} }
public struct TupleView<T>: PrimitiveView { public nonisolated init(_ value: T) {} }
public struct ConditionalContent<First: View, Second: View>: PrimitiveView { public nonisolated init() {} }
public struct ModifiedContent<Content: View>: PrimitiveView { public nonisolated init(_ content: Content) {} }

public struct Text: PrimitiveView {
    public nonisolated init(_ content: some StringProtocol) {}
}

public struct Image: PrimitiveView {
    public nonisolated init(_ name: String) {}
    public nonisolated init(decorative image: CGImage, scale: CGFloat) {}
    public func resizable() -> Image { self }
}

public struct Color: PrimitiveView, Sendable {
    public static let gray = Color()
    public static let black = Color()
}

public struct Group<Content: View>: PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}

// MARK: State and environment

/// Storage SwiftUI keeps across updates of the view that declares it.
@propertyWrapper public struct State<Value>: @unchecked Sendable {
    private final class Box { var value: Value; init(_ value: Value) { self.value = value } }
    private let box: Box
    public init(wrappedValue: Value) { box = Box(wrappedValue) }
    public init(initialValue: Value) { box = Box(initialValue) }
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
}

public struct EnvironmentValues: Sendable {
    public init() {}
    public var accessibilityReduceMotion: Bool { false }
}

@propertyWrapper public struct Environment<Value>: @unchecked Sendable {
    private let keyPath: KeyPath<EnvironmentValues, Value>
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}

// MARK: Time

public protocol TimelineSchedule {}

public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    /// A schedule that updates at the display's frame rate.
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }
}

/// Redraws its content on the schedule's dates.
public struct TimelineView<Schedule: TimelineSchedule, Content: View>: PrimitiveView {
    public struct Context {
        /// A wall-clock date: not the monotonic clock the recipes stamp samples with.
        public let date: Date
    }
    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {}
}

// MARK: Animation

public struct Animation: Sendable {
    public static let smooth = Animation()
    public static let `default` = Animation()
}

public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

public struct Transaction {
    public init() {}
    public var disablesAnimations = false
}

public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

// MARK: The hinge (iOS 27.1)

/// The state of one hinge.
public struct DeviceHinge: Sendable, Equatable {
    /// Not an enum: a struct with static values, so a `switch` needs `default`.
    public struct Status: Sendable, Hashable {
        private let rawValue: Int
        public static var closed: DeviceHinge.Status { Status(rawValue: 1) }
        public static var partiallyOpen: DeviceHinge.Status { Status(rawValue: 2) }
        public static var fullyOpen: DeviceHinge.Status { Status(rawValue: 3) }
    }

    public var angle: Angle
    public var status: DeviceHinge.Status
}

/// The hinges of the device: `hinge` is nil on a device without one.
public struct DeviceHingeContext: Sendable, Equatable {
    public var hinge: DeviceHinge?
}

/// An angle, in degrees or radians.
public struct Angle: Sendable, Hashable {
    public var radians: Double
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { radians = degrees * .pi / 180 }
}

// MARK: Modifiers

extension View {
    /// Calls `action` with the previous and the current hinge context when it changes.
    public nonisolated func onHingeChange(
        isEnabled: Bool = true, _ action: @escaping (DeviceHingeContext, DeviceHingeContext) -> Void
    ) -> some View { ModifiedContent(self) }

    public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View { ModifiedContent(self) }

    public func opacity(_ opacity: Double) -> some View { ModifiedContent(self) }

    public func frame(width: CGFloat? = nil, height: CGFloat? = nil) -> some View { ModifiedContent(self) }

    public func overlay<V: View>(@ViewBuilder content: () -> V) -> some View { ModifiedContent(self) }

    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        ModifiedContent(self)
    }

    public func task<ID: Equatable>(
        id value: ID, @_inheritActorContext _ action: @escaping @isolated(any) @Sendable () async -> Void
    ) -> some View {
        ModifiedContent(self)
    }
}
