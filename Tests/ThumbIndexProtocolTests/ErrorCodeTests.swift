import JSONRPC
import ThumbIndexProtocol
import XCTest

final class ErrorCodeTests: XCTestCase {
    func testLSPErrorCodeNumbers() {
        XCTAssertEqual(ErrorCode.serverNotInitialized.rawValue, -32002)
        XCTAssertEqual(ErrorCode.unknownErrorCode.rawValue, -32001)
        XCTAssertEqual(ErrorCode.requestFailed.rawValue, -32803)
        XCTAssertEqual(ErrorCode.serverCancelled.rawValue, -32802)
        XCTAssertEqual(ErrorCode.contentModified.rawValue, -32801)
        XCTAssertEqual(ErrorCode.requestCancelled.rawValue, -32800)
    }

    func testLSPErrorFactoriesUseTheirCodes() {
        XCTAssertEqual(ResponseError.serverNotInitialized().code.rawValue, -32002)
        XCTAssertEqual(ResponseError.requestFailed("x").code.rawValue, -32803)
        XCTAssertEqual(ResponseError.serverCancelled().code.rawValue, -32802)
        XCTAssertEqual(ResponseError.contentModified().code.rawValue, -32801)
        XCTAssertEqual(ResponseError.requestCancelled().code.rawValue, -32800)
    }
}
