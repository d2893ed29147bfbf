/// A column of a master sheet that TrainDB reads. Its raw value is the header the contract
/// expects, and its spec is the contract's declaration of it, so code that reads a row names
/// the column by case (`.displayName`): a misspelt column does not compile.
protocol ContractColumn: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {
    /// What the column holds and how it is checked.
    var spec: ColumnSpec { get }
}

extension ContractColumn {
    /// The contract's columns of the sheet, in the order the data team keeps them.
    static var contract: [ColumnSpec] { allCases.map(\.spec) }
}
