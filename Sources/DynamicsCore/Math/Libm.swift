#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

// Elementary functions from the platform's C library, named so that inlinable code can reach them.

@usableFromInline @inline(__always) func _cos(_ x: Float) -> Float { cosf(x) }
@usableFromInline @inline(__always) func _sin(_ x: Float) -> Float { sinf(x) }
@usableFromInline @inline(__always) func _atan2(_ y: Float, _ x: Float) -> Float { atan2f(y, x) }
@usableFromInline @inline(__always) func _exp(_ x: Float) -> Float { expf(x) }
@usableFromInline @inline(__always) func _pow(_ x: Float, _ y: Float) -> Float { powf(x, y) }
