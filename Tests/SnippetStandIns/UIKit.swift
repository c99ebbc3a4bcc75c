// Stand-ins for the UIKit declarations the iOS pages use, with the shapes Apple documents for
// iOS 27.1 (developer.apple.com/documentation/uikit: UIHingeInteraction, UIHingeInteraction.Update,
// UIHinge, UIHinge.Status). Type-check only: see SwiftUI.swift.

@_exported import CoreGraphics

@MainActor open class UIResponder {
    public init() {}
}

/// Something added to a view with `addInteraction(_:)`.
@MainActor public protocol UIInteraction: AnyObject {}

@MainActor open class UIView: UIResponder {
    open var alpha: CGFloat = 1
    public func addInteraction(_ interaction: any UIInteraction) {}
}

@MainActor open class UIViewController: UIResponder {
    public var view: UIView! = UIView()
    open func viewDidLoad() {}
}

/// One hinge: `angle` in radians (a `CGFloat`), `status` with an `unknown` case.
@MainActor public final class UIHinge {
    /// The status of the hinge; imported from Objective-C, so not frozen: switches need
    /// `@unknown default` (the stand-ins are built with library evolution, as Apple's are).
    public enum Status: Int, Sendable, Hashable {
        case unknown, closed, partiallyOpen, fullyOpen
    }

    /// The current angle of the hinge, in radians.
    public var angle: CGFloat { 0 }
    public var status: Status { .unknown }
}

/// Observes the hinge of the view hierarchy it is added to.
@MainActor public final class UIHingeInteraction: UIInteraction {
    /// What the handler receives: `hinge` is nil when the interaction leaves a hierarchy that
    /// provides hinge updates.
    @MainActor public final class Update {
        public var hinge: UIHinge? { nil }
    }

    /// Whether the handler is called.
    public var isEnabled = true

    public init(updateHandler: @escaping (UIHingeInteraction, UIHingeInteraction.Update) -> Void) {}
}
