import Catalog
import Foundation
import ProgrammeGenerator
import Testing

/// Real kinds of users and the week each one gets, committed as text beside the questionnaire
/// (`Personas/NAME.json` → `Personas/NAME.txt`), so that a change to the rules or the catalogue
/// shows up as a readable diff of programmes, to be reviewed the way a coach reads a plan.
///
/// After a deliberate change, `make personas` rewrites the text files; read the diff before
/// committing it.
@Suite("personas")
struct PersonaTests {
    struct Persona: CustomTestStringConvertible, Sendable {
        var name: String
        var questionnaire: Data
        var policy: InjuryPolicy
        var testDescription: String { name }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Personas")

    static let personas: [Persona] = {
        let bundled = Bundle.module.url(forResource: "Personas", withExtension: nil) ?? folder
        let files = (try? FileManager.default.contentsOfDirectory(at: bundled, includingPropertiesForKeys: nil)) ?? []
        return files.filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
            .compactMap { url in
            guard let data = try? Data(contentsOf: url) else { return nil }
            // `injuryPolicy` is the persona's choice of command-line option, not a questionnaire field.
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
            let policy = (object?["injuryPolicy"] as? String).flatMap(InjuryPolicy.init(rawValue:)) ?? .warn
            return Persona(name: url.deletingPathExtension().lastPathComponent, questionnaire: data, policy: policy)
        }
    }()

    @Test("at least twelve personas, from the bodyweight beginner to the six-day lifter")
    func enoughPersonas() {
        #expect(Self.personas.count >= 12)
    }

    @Test("each persona's week is the committed one", arguments: personas)
    func weekIsCommitted(_ persona: Persona) throws {
        let generator = ProgrammeGenerator(
            catalog: try CommittedCatalog.catalog(), options: GeneratorOptions(injuryPolicy: persona.policy))
        let text = try generator.generate(
            fromJSON: persona.questionnaire, seed: 0, createdDate: SmallCatalog.createdDate
        ).text
        let golden = Self.folder.appendingPathComponent(persona.name + ".txt")
        if ProcessInfo.processInfo.environment["TRAINDB_UPDATE_PERSONAS"] == "1" {
            try Data(text.utf8).write(to: golden)
        }
        let committed = String(decoding: try Data(contentsOf: golden), as: UTF8.self)
        #expect(text == committed, "\(persona.name): run `make personas` and review the diff")
    }
}
