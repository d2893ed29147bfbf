/// The columns of the `contraindications` sheet.
enum ContraindicationColumn: String, ContractColumn {
    case canonicalName = "canonical_name"
    case joint
    case notes

    var spec: ColumnSpec {
        switch self {
        case .canonicalName: ColumnSpec(rawValue, .text, required: true, lookup: "exercises.canonical_name")
        case .joint, .notes: ColumnSpec(rawValue, .text, required: true)
        }
    }
}
