/// A ``SpringAnimator`` behind one reference, for types that hold an animator and are read far
/// more often than they change (``EffectDriver``): copying such a type copies a reference, and
/// a read goes to the animator in place.
///
/// An animator is about 1.5 kB of inline spring storage. Held inline in a generic driver, every
/// frame's call of a non-mutating method on a driver held in a closure or a class copied all of
/// it first (`make bench`: a 1,640-byte `memcpy` per frame). The owner mutates the box only
/// when it is the only reference (``makeUnique(_:)``), so sharing one between threads is as safe
/// as any copy-on-write value. The owner reads the animator through the pointer with
/// ``SpringAnimator``'s in-place evaluations (``SpringAnimator/value(_:at:)``): a method called
/// on `animator.pointee` is passed a copy of the whole animator (issue 31).
final class AnimatorBox: @unchecked Sendable {
    /// Allocated with the box; read and written through the pointer, without the runtime
    /// exclusivity checks a class's stored property costs on every access.
    let animator: UnsafeMutablePointer<SpringAnimator>

    init(_ animator: SpringAnimator) {
        self.animator = .allocate(capacity: 1)
        self.animator.initialize(to: animator)
    }

    deinit {
        animator.deinitialize(count: 1)
        animator.deallocate()
    }

    /// Gives `box` an animator of its own before a change: a new box when a copy shares it.
    static func makeUnique(_ box: inout AnimatorBox) {
        if !isKnownUniquelyReferenced(&box) { box = AnimatorBox(box.animator.pointee) }
    }
}
