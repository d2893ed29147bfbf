import Catalog

/// The toolchain's version, recorded in every database it builds.
public enum TrainDBVersion {
    public static let current = "0.1.0"
}
