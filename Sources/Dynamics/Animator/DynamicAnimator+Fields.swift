import DynamicsCore
import Foundation

/// The engine field built for a field behavior, and from which version of it.
struct FieldState {
    var id: FieldID
    var version: Int
}

extension DynamicAnimator {
    /// Creates, updates and re-populates the engine fields of the field behaviors. With
    /// `members`, every field's item list is pushed again (after items or bodies changed).
    func syncFields(members: Bool) {
        for case let field as FieldBehavior in flatBehaviors {
            let key = ObjectIdentifier(field)
            var created = false
            if fieldStates[key] == nil || !world.isValid(fieldStates[key]!.id) {
                guard let id = try? world.createField(field.definition()) else {
                    refuse(DynamicsUsageError(argument: "field", rule: "its settings were refused by the engine"))
                    continue
                }
                fieldStates[key] = FieldState(id: id, version: field.version)
                created = true
            } else if fieldStates[key]!.version != field.version {
                do throws(DynamicsError) {
                    try world.setField(fieldStates[key]!.id, field.definition())
                    fieldStates[key]!.version = field.version
                } catch {
                    refuse(DynamicsUsageError(argument: error.argument, rule: error.rule))
                }
            }
            if members || created {
                let bodies = field.items.compactMap { itemBodies[ObjectIdentifier($0)]?.body }
                try? world.setFieldMembers(fieldStates[key]!.id, bodies)
            }
        }
    }

    /// Removes the engine field of a field behavior leaving the animator.
    func destroyField(of behavior: DynamicBehavior) {
        guard let state = fieldStates.removeValue(forKey: ObjectIdentifier(behavior)) else { return }
        if world.isValid(state.id) { world.destroyField(state.id) }
    }
}
