#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file-mode mask (umask), kept from taking the owner's own bits.
///
/// grocery makes its folders 0700 and its files 0600, and the mask takes bits off those. A mask that takes the
/// owner's write bit (`umask 0222`) left a log grocery could not append to, and folders (`~/.local` among them)
/// that nothing could write into after the mask was put back (found by a trial). Only the owner's bits are let
/// through: what the mask keeps from the group and others stays kept, in what grocery and git write alike.
enum OwnerModes {
  /// Takes the owner's bits out of the mask.
  static func keep() {
    let mask = umask(0o077)
    umask(mask & 0o077)
  }
}
