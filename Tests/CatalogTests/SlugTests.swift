import Catalog
import Testing

/// The questionnaire spells catalogue names as slugs; every spelling a user or a workbook may
/// give has to land on the same one.
struct SlugTests {
    @Test(arguments: [
        ("Pin-loaded Machines", "pin_loaded_machines"),
        ("Lower Back", "lower_back"),
        ("lower_back", "lower_back"),
        ("  Lower \t Back  ", "lower_back"),
        ("__lower__back__", "lower_back"),
        ("Lower - _ Back", "lower_back"),
        ("EZ Bar", "ez_bar"),
        ("90/90 Hip Switch", "90/90_hip_switch"),
        ("Line\nBreak", "line\nbreak"),
        ("-", ""),
        ("", ""),
        ("Élan Vital", "élan_vital"),
        ("Straße  Nord", "straße_nord"),
        ("CAFÉ-Bar", "café_bar"),
    ])
    func slug(name: String, expected: String) {
        #expect(name.slug == expected)
    }

    @Test func aSlugIsItsOwnSlug() {
        for name in ["Pin-loaded Machines", "  Lower \t Back  ", "Élan Vital", "__a__"] {
            #expect(name.slug.slug == name.slug)
        }
    }
}
