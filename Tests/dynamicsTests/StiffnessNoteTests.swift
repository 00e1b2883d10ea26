import DynamicsProfiles
import Foundation
import Testing
@testable import dynamics

@Suite("dynamics run notes a capped contact stiffness")
struct StiffnessNoteTests {
    /// A scene of one box on the ground with `world` as the profile's world settings.
    static func scene(world: String) throws -> Scene {
        let json = """
        { "world": \(world),
          "bodies": [ { "type": "static", "shapes": [ { "box": { "halfWidth": 5, "halfHeight": 1 } } ] },
                      { "type": "dynamic", "position": [0, 2], "shapes": [ { "box": { "halfWidth": 0.5, "halfHeight": 0.5 } } ] } ] }
        """
        return try Profile.parse(Data(json.utf8), file: "stiff.json").makeScene()
    }

    /// 4 sub-steps of 1/60 s are a 240 Hz sub-step rate, so 60 Hz at most; 500 Hz needs
    /// 4 · 500 / 60 = 33.3, so 34 sub-steps.
    @Test("500 Hz at 4 sub-steps: solved at 60 Hz, and 34 sub-steps would allow it")
    func cappedStiffness() throws {
        let scene = try Self.scene(world: #"{ "subSteps": 4, "contactHertz": 500 }"#)
        let note = try #require(StiffnessNote.note(for: scene, file: "stiff.json"))
        #expect(note.hasPrefix("note: stiff.json: contactHertz 500 is above a quarter of the 240 Hz sub-step rate"), "\(note)")
        #expect(note.contains("contacts are solved at 60 Hz"), "\(note)")
        #expect(note.hasSuffix("34 sub-steps would allow it"), "\(note)")
    }

    @Test("no note at the cap itself, below it, or with the defaults")
    func uncappedStiffness() throws {
        for world in [#"{ "subSteps": 4, "contactHertz": 60 }"#, #"{ "subSteps": 8, "contactHertz": 100 }"#, "{}"] {
            let scene = try Self.scene(world: world)
            #expect(StiffnessNote.note(for: scene, file: "stiff.json") == nil, "\(world)")
        }
    }

    @Test("beyond what 64 sub-steps allow, the note says so")
    func unreachableStiffness() throws {
        let scene = try Self.scene(world: #"{ "subSteps": 4, "contactHertz": 5000 }"#)
        let note = try #require(StiffnessNote.note(for: scene, file: "stiff.json"))
        #expect(note.hasSuffix("no sub-step count up to 64 allows it"), "\(note)")
    }
}
